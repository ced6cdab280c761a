// The hall display's rules, on its store in Node (docs/pages.md, "The hall display"): its screens
// for a hall or every hall, turning by themselves, a hidden day shown as such, and recovering by
// itself from a relay that goes away and from a start without network.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { COURTS_PER_SCREEN, inColumns, ROWS_PER_COLUMN, screensOf } from "../../src/display/screens.ts";
import {
  createDisplayStore,
  displayPlaceOf,
  RESTART_MS,
  SECONDS_PER_SCREEN,
} from "../../src/display/store.ts";
import type { StandingsGroup } from "../../src/lib/data/standings.ts";
import { settle } from "../support/fake-clock.ts";
import { fakePage } from "../support/fake-page.ts";
import { matchRow, REGISTRY, snapshotOf } from "../support/page-fixtures.ts";

const AT_0920 = "2026-11-29T01:20:00.000Z";
const PUBLISHED = "/junior-open/data/open-sun.json";

const sunday = (isLive: boolean | "auto" = true) => {
  const day = snapshotOf(
    {
      "Rizal Hall": [matchRow(105, "09:00", "Court 1", "José Ñañez", "Nicolás Peñaflor")],
      "Aguinaldo Court": [matchRow(201, "09:00", "Court 1", "María Peña", "Lucía Fernández", ["21", "9"])],
    },
    { isLive },
  );
  const [rizal] = day.facilities;
  if (rizal)
    rizal.standingsCsv =
      "Team Code,Player,Category,Won\nA105,José Ñañez,MS U15,0\nB105,Nicolás Peñaflor,MS U15,0\n";
  return day;
};

async function openDisplay(query: string, options: { offline?: boolean } = {}) {
  const page = fakePage({ href: `https://results.test/display/${query}`, now: AT_0920 });
  page.site.file("/config/events.json", REGISTRY);
  if (options.offline) page.setOnline(false);
  const store = createDisplayStore(page.env);
  await store.start();
  await settle();
  return { page, store };
}

const kinds = (store: Awaited<ReturnType<typeof openDisplay>>["store"]) =>
  store.screens.value.map((screen) => `${screen.facility} ${screen.kind}`);

describe("the hall display", () => {
  test("one hall's screens, or every hall's in turn; each screen stays its seconds, then the next comes by itself", async () => {
    const { page, store } = await openDisplay("?day=open-sun&facility=Rizal+Hall");
    page.socket("/live/junior-open/open-sun").open();
    page.socket("/live/").receive({ type: "snapshot", seq: 1, snapshot: sunday() });
    assert.deepEqual(kinds(store), ["Rizal Hall courts", "Rizal Hall standings"]);
    assert.equal(store.shown.value?.number, 1);
    await page.clock.advance(SECONDS_PER_SCREEN * 1000 - 1);
    assert.equal(store.shown.value?.number, 1);
    page.socket("/live/").receive("pong");
    await page.clock.advance(1);
    assert.deepEqual([store.shown.value?.number, store.shown.value?.screen.kind], [2, "standings"]);
    page.socket("/live/").receive("pong");
    await page.clock.advance(SECONDS_PER_SCREEN * 1000);
    assert.equal(store.shown.value?.number, 1, "and round again");

    const every = await openDisplay("?day=open-sun&seconds=5");
    every.page.socket("/live/").open();
    every.page.socket("/live/").receive({ type: "snapshot", seq: 1, snapshot: sunday() });
    assert.deepEqual(kinds(every.store), [
      "Rizal Hall courts",
      "Rizal Hall standings",
      "Aguinaldo Court courts",
    ]);
    await every.page.clock.advance(10_000);
    assert.equal(every.store.shown.value?.screen.facility, "Aguinaldo Court");
  });

  test("the seconds a screen stays are 5 to 120; anything else is the default", () => {
    assert.equal(displayPlaceOf("?day=d&seconds=5").seconds, 5);
    assert.equal(displayPlaceOf("?day=d&seconds=120").seconds, 120);
    for (const seconds of ["4", "121", "7.5", "soon", ""])
      assert.equal(displayPlaceOf(`?day=d&seconds=${seconds}`).seconds, SECONDS_PER_SCREEN, seconds);
  });

  test("a day the organisers have not opened shows no results", async () => {
    const { page, store } = await openDisplay("?day=open-sun");
    page.socket("/live/").open();
    page.socket("/live/").receive({ type: "snapshot", seq: 1, snapshot: sunday(false) });
    assert.deepEqual(store.visibility.value, { shown: false });
    assert.deepEqual(store.screens.value, []);
    assert.equal(store.shown.value, undefined);
  });

  test("the relay going away: the published file meanwhile, then the relay again, the rotation never stopping", async () => {
    const { page, store } = await openDisplay("?day=open-sun");
    page.site.file(PUBLISHED, sunday());
    const first = page.socket("/live/");
    first.open();
    first.drop();
    await settle();
    assert.equal(store.feed.value?.source, "published");
    assert.equal(store.screens.value.length, 3, "from the published file");
    await page.clock.advance(60_000);
    const again = page.socket("/live/");
    assert.notEqual(again, first, "reconnected by itself");
    again.open();
    assert.equal(store.feed.value?.source, "live");
    assert.equal(store.screens.value.length, 3);
  });

  test("a display that could not start (no network) tries again by itself", async () => {
    const { page, store } = await openDisplay("?day=open-sun", { offline: true });
    assert.ok(store.failure.value);
    page.setOnline(true);
    await page.clock.advance(RESTART_MS);
    await settle();
    assert.equal(store.failure.value, undefined);
    assert.equal(store.dayEntry.value?.dayKey, "open-sun");
    assert.ok(page.socket("/live/junior-open/open-sun"), "and follows the day");
  });

  test("each screen holds what fits: eight courts, standings packed in columns, a long table cut in parts", () => {
    const rows = Array.from({ length: 10 }, (_, i) => matchRow(300 + i, "09:00", `Court ${i + 1}`, "A", "B"));
    const screens = screensOf(
      snapshotOf({ Hall: rows }),
      REGISTRY.events["junior-open"]!,
      "Hall",
      Date.parse(AT_0920),
    );
    assert.deepEqual(
      screens.filter((s) => s.kind === "courts").map((s) => (s.kind === "courts" ? s.courts.length : 0)),
      [COURTS_PER_SCREEN, 2],
    );
    const group = (category: string, count: number): StandingsGroup => ({
      category,
      rows: Array.from({ length: count }, () => ({
        cells: [],
        code: "",
        won: 0,
        pointsFor: 0,
        pointsAgainst: 0,
        rank: 1,
        shared: false,
      })),
    });
    const shape = (groups: StandingsGroup[]) =>
      inColumns(groups, 2).map((screen) =>
        screen.map((column) => column.map((g) => `${g.category}${g.rows.length}`)),
      );
    assert.deepEqual(
      shape([group("A", 4), group("B", 4)]),
      [[["A4"], ["B4"]]],
      "two short tables: a column each",
    );
    assert.deepEqual(
      shape([group("A", 3), group("B", 3), group("C", 3)]),
      [[["A3", "B3"], ["C3"]]],
      "packed in order",
    );
    const long = ROWS_PER_COLUMN - 2;
    assert.deepEqual(shape([group("L", long + 3)]), [[[`L${long}`], ["L3"]]], "a long table in parts");
    assert.deepEqual(inColumns([], 2), []);
  });
});
