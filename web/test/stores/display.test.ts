// The hall display's rules, on its store in Node (docs/pages.md, "The hall display"): its screens
// for a hall or every hall, turning by themselves, a hidden day shown as such, and recovering by
// itself from a relay that goes away and from a start without network.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { diffSnapshot } from "@tournament-ops/relay/changes";
import {
  COURTS_PER_SCREEN,
  DRAWN_PER_SCREEN,
  drawParts,
  inColumns,
  LINES_PER_COLUMN,
  latestResults,
  screensOf,
} from "../../src/display/screens.ts";
import {
  createDisplayStore,
  displayPlaceOf,
  RESTART_MS,
  SECONDS_PER_SCREEN,
} from "../../src/display/store.ts";
import { toCsv } from "../../src/lib/csv.ts";
import type { Bracket } from "../../src/lib/data/bracket.ts";
import { matchesOf } from "../../src/lib/data/matches.ts";
import type { StandingsGroup } from "../../src/lib/data/standings.ts";
import { settle } from "../support/fake-clock.ts";
import { fakePage } from "../support/fake-page.ts";
import { MATCH_HEADER, matchRow, REGISTRY, snapshotOf } from "../support/page-fixtures.ts";

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
  test("issue 35 L2: a facility the registry does not list for the day is no hall: no screens, `hall` null", async () => {
    const { page, store } = await openDisplay("?day=open-sun&facility=RIZAL+HALL+CLOSED+-+ALL+MATCHES+MOVED");
    page.socket("/live/").open();
    page.socket("/live/").receive({ type: "snapshot", seq: 1, snapshot: sunday() });
    assert.equal(store.hall.value, null);
    assert.deepEqual(kinds(store), []);
    const listed = await openDisplay("?day=open-sun&facility=Rizal+Hall");
    assert.equal(listed.store.hall.value, "Rizal Hall");
    const every = await openDisplay("?day=open-sun");
    assert.equal(every.store.hall.value, undefined);
  });

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

  test("each screen holds what fits a TV read from 8 m: four courts, standings packed in columns by their lines, a long table cut in parts", () => {
    const rows = Array.from({ length: 6 }, (_, i) => matchRow(300 + i, "09:00", `Court ${i + 1}`, "A", "B"));
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
    const group = (category: string, count: number, players = "A"): StandingsGroup => ({
      category,
      rows: Array.from({ length: count }, () => ({
        cells: [players],
        code: "",
        won: 0,
        pointsFor: 0,
        pointsAgainst: 0,
        rank: 1,
        shared: false,
      })),
    });
    const linesOf = (row: StandingsGroup["rows"][number]) => (row.cells[0] ?? "").split(" / ").length;
    const shape = (groups: StandingsGroup[]) =>
      inColumns(groups, 2, linesOf).map((screen) =>
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
    const long = LINES_PER_COLUMN - 2;
    assert.deepEqual(shape([group("L", long + 3)]), [[[`L${long}`], ["L3"]]], "a long table in parts");
    assert.deepEqual(
      shape([group("MD", 6, "A / B")]),
      [[[`MD${Math.floor(long / 2)}`], [`MD${6 - Math.floor(long / 2)}`]]],
      "a row of two players takes two lines",
    );
    assert.deepEqual(inColumns([], 2), []);
  });

  test("the latest results: those that arrived while the TV was on in the order they came, then the schedule's latest; as many as fit", async () => {
    const hall = (scores: Record<number, [string, string]>) =>
      snapshotOf({
        "Rizal Hall": [101, 102, 103, 104, 105, 106, 107].map((n) =>
          matchRow(n, "09:00", `Court ${n - 100}`, `Player ${n}a`, `Player ${n}b`, scores[n]),
        ),
      });
    const { page, store } = await openDisplay("?day=open-sun&facility=Rizal+Hall");
    const live = page.socket("/live/junior-open/open-sun");
    live.open();
    const before = hall({ 101: ["21", "3"], 102: ["21", "4"] });
    live.receive({ type: "snapshot", seq: 1, snapshot: before });
    const results = () => {
      const courts = store.screens.value.find((screen) => screen.kind === "courts");
      return courts?.kind === "courts" ? courts.results.map((m) => m.matchNumber) : [];
    };
    assert.deepEqual(results(), ["102", "101"], "what was there: the schedule's latest first");
    const scored = hall({ 101: ["21", "3"], 102: ["21", "4"], 106: ["21", "5"] });
    live.receive({ type: "changes", seq: 2, changes: diffSnapshot(before, scored) });
    const later = hall({ 101: ["21", "3"], 102: ["21", "4"], 106: ["21", "5"], 103: ["21", "6"] });
    live.receive({ type: "changes", seq: 3, changes: diffSnapshot(scored, later) });
    assert.deepEqual(results(), ["103", "106", "102", "101"], "103 arrived after 106");
    const corrected = hall({ 101: ["21", "3"], 102: ["21", "4"], 106: ["21", "7"], 103: ["21", "6"] });
    live.receive({ type: "changes", seq: 4, changes: diffSnapshot(later, corrected) });
    assert.deepEqual(results().slice(0, 2), ["106", "103"], "a corrected score comes again");

    const doubles = matchesOf(
      toCsv([
        MATCH_HEADER,
        ...[1, 2, 3, 4, 5, 6].map((n) => matchRow(n, "09:00", "Court 1", "A / B", "C / D", ["21", "9"])),
      ]),
    );
    assert.equal(latestResults("Hall", doubles, new Map()).length, 4, "doubles: a line per player, four fit");
    assert.equal(
      latestResults(
        "Hall",
        doubles.map((m) => ({ ...m, team1: "A", team2: "C" })),
        new Map(),
      ).length,
      6,
    );
  });

  test("a draw larger than a screen is shown in parts: four first-round matches with the rounds they feed, then the rest to the final", () => {
    const draw = (...sizes: number[]) =>
      ({
        category: "MS U19",
        third: [],
        rounds: sizes.map((size, r) => ({
          name: `Round ${r}`,
          short: `R${r}`,
          matches: Array.from({ length: size }, (_, m) => ({ match: { matchNumber: `${r}.${m}` } })),
        })),
      }) as unknown as Bracket;
    const shape = (bracket: Bracket) =>
      drawParts(bracket).map(({ bracket: part, part: n, parts }) => [
        `${n}/${parts}`,
        part.rounds.map((round) => round.matches.map((m) => m.match.matchNumber).join(" ")),
      ]);
    assert.deepEqual(shape(draw(4, 2, 1)), [["1/1", ["0.0 0.1 0.2 0.3", "1.0 1.1", "2.0"]]]);
    assert.deepEqual(shape(draw(8, 4, 2, 1)), [
      ["1/3", ["0.0 0.1 0.2 0.3", "1.0 1.1", "2.0"]],
      ["2/3", ["0.4 0.5 0.6 0.7", "1.2 1.3", "2.1"]],
      ["3/3", ["1.0 1.1 1.2 1.3", "2.0 2.1", "3.0"]],
    ]);
    const parts = drawParts(draw(16, 8, 4, 2, 1));
    assert.equal(parts.length, 5, "four parts of the round of 32, then the quarter-finals to the final");
    assert.ok(parts.every(({ bracket }) => (bracket.rounds[0]?.matches.length ?? 0) <= DRAWN_PER_SCREEN));
  });
});
