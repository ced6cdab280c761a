// The public page's spectator rules, on its store in Node: a player's page in the address (the
// back button returns), the event's other days read for a player's whole event (hidden days left
// out), follow kept on the phone, notifications when a followed player goes on court or gets a
// score, and the scores that arrive marked for a few seconds and said to screen readers.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { diffSnapshot } from "@tournament-ops/relay/changes";
import { type Player, playerNow } from "../../src/lib/data/players.ts";
import type { NotificationAnswer, PageNotifications } from "../../src/lib/environment.ts";
import { followedCard } from "../../src/public/followed-card.ts";
import { FOLLOWED_KEY } from "../../src/public/follows.ts";
import { FRESH_MS, freshKey } from "../../src/public/fresh-scores.ts";
import { EVENT_DAYS_MS } from "../../src/public/players.ts";
import { createPublicStore } from "../../src/public/store.ts";
import { settle } from "../support/fake-clock.ts";
import { fakePage } from "../support/fake-page.ts";
import type { FakeSocket } from "../support/fake-socket.ts";
import { type CallCells, callsCsv } from "../support/match-table.ts";
import { MemoryStorage } from "../support/memory-storage.ts";
import { matchRow, REGISTRY, snapshotOf } from "../support/page-fixtures.ts";

/** 09:20 in Manila on Sunday 29 November 2026: José's 09:30 match has not come yet. */
const AT_0920 = "2026-11-29T01:20:00.000Z";

const sunday = (score: [string, string] = ["", ""], generatedAt = AT_0920) =>
  snapshotOf(
    {
      "Rizal Hall": [
        matchRow(101, "09:00", "Court 1", "María Peña", "Lucía Fernández", ["21", "9"]),
        matchRow(105, "09:30", "Court 1", "José Ñañez", "Nicolás Peñaflor", score),
      ],
    },
    { generatedAt },
  );

/** Notifications that record what they show; `answer` is what the person says when asked. */
function fakeNotifications(answer: NotificationAnswer = "granted") {
  let permission: NotificationAnswer = "default";
  const shown: Array<{ title: string; body: string; tag: string }> = [];
  const notifications: PageNotifications = {
    permission: () => permission,
    async request() {
      permission = answer;
      return permission;
    },
    show(title, body, tag) {
      if (permission === "granted") shown.push({ title, body, tag });
    },
  };
  return { notifications, shown };
}

/** Time passing with the relay answering the page's keep-alive, so the socket stays the same. */
async function pass(page: ReturnType<typeof fakePage>, live: FakeSocket, ms: number) {
  for (let passed = 0; passed < ms; passed += 20_000) {
    await page.clock.advance(Math.min(20_000, ms - passed));
    live.receive("pong");
  }
}

async function openPublic(
  query: string,
  options: { storage?: MemoryStorage; notify?: PageNotifications } = {},
) {
  const page = fakePage({
    href: `https://results.test/public/${query}`,
    now: AT_0920,
    storage: options.storage,
  });
  page.site.file("/config/events.json", REGISTRY);
  if (options.notify) page.env.notifications = options.notify;
  const store = createPublicStore(page.env);
  await store.start();
  await settle();
  const live = page.socket("/live/junior-open/open-sun");
  live.open();
  live.receive({ type: "snapshot", seq: 1, snapshot: sunday() });
  return { page, store, live };
}

describe("the public page's players", () => {
  test("a player's page is a new step in the address: the back button returns to the day", async () => {
    const { page, store } = await openPublic("?day=open-sun&view=courts");
    store.openPlayer("jose nanez");
    assert.equal(
      page.history.at(-1),
      "https://results.test/public/?day=open-sun&view=courts&player=jose+nanez",
    );
    assert.equal(store.place.value.player, "jose nanez");
    page.back();
    assert.deepEqual(store.place.value, {
      day: "open-sun",
      facility: undefined,
      view: "courts",
      player: undefined,
    });
  });

  test("a player's whole event: the other published days are read, a hidden one left out, at most once a minute", async () => {
    const { page, store } = await openPublic("?day=open-sun");
    const onSaturday = matchRow(11, "10:00", "Court 2", "José Ñañez", "Andrés Báez", ["21", "18"]);
    onSaturday[1] = "2026-11-28";
    const saturday = snapshotOf(
      { "Rizal Hall": [onSaturday] },
      { day: "open-sat", generatedAt: "2026-11-28T03:00:00.000Z" },
    );
    page.site.file("/junior-open/data/open-sat.json", saturday);
    page.site.file(
      "/junior-open/data/open-mon.json",
      snapshotOf(
        { "Mabini Gym": [matchRow(21, "09:00", "Court 1", "José Ñañez", "Tomás Ibáñez")] },
        { day: "open-mon", isLive: false },
      ),
    );
    assert.equal(store.players.player("jose nanez")?.matches.length, 1, "this day only, before");
    store.openPlayer("jose nanez");
    await settle();
    const player = store.players.player("jose nanez");
    assert.deepEqual(
      player?.matches.map((entry) => `${entry.day.key} ${entry.match.matchNumber}`),
      ["open-sat 11", "open-sun 105"],
      "Monday is not live yet: its matches stay out",
    );
    store.players.query.value = "nanez";
    assert.deepEqual(
      store.players.found.value.map((found) => found.name),
      ["José Ñañez"],
    );
    const reads = () => page.site.calls("GET", "/junior-open/data/open-sat.json").length;
    store.players.readEventDays();
    assert.equal(reads(), 1, "read again only after a minute");
    await page.clock.advance(EVENT_DAYS_MS);
    store.players.readEventDays();
    await settle();
    assert.equal(reads(), 2);
  });

  test("follow is one tap, kept on the phone: a reload still follows; tapping again stops", async () => {
    const storage = new MemoryStorage();
    const first = await openPublic("?day=open-sun", { storage });
    first.store.follows.toggle({ key: "jose nanez", name: "José Ñañez" });
    assert.deepEqual(JSON.parse(storage.getItem(FOLLOWED_KEY) ?? "[]"), [
      { key: "jose nanez", name: "José Ñañez" },
    ]);
    const reloaded = await openPublic("?day=open-sun", { storage });
    assert.deepEqual(
      reloaded.store.follows.followed.value.map((p) => p.key),
      ["jose nanez"],
    );
    reloaded.store.follows.toggle({ key: "jose nanez", name: "José Ñañez" });
    assert.deepEqual(reloaded.store.follows.followed.value, []);
    storage.setItem(FOLLOWED_KEY, "not json");
    assert.deepEqual((await openPublic("?day=open-sun", { storage })).store.follows.followed.value, []);
  });

  test("once allowed, a followed player's match is notified when it goes on court and when it gets a score, once each", async () => {
    const { notifications, shown } = fakeNotifications();
    const { page, store, live } = await openPublic("?day=open-sun", { notify: notifications });
    store.follows.toggle({ key: "jose nanez", name: "José Ñañez" });
    assert.equal(store.follows.alerts.value, "default");
    await store.follows.allowAlerts();
    assert.equal(store.follows.alerts.value, "granted");
    await pass(page, live, 9 * 60_000);
    assert.equal(shown.length, 0, "09:29: not yet");
    await pass(page, live, 60_000);
    assert.deepEqual(
      shown.map((n) => [n.title, n.body]),
      [["José Ñañez is on court", "Court 1, Rizal Hall · MS U15 · against Nicolás Peñaflor"]],
    );
    await pass(page, live, 60_000);
    const scored = sunday(["21", "15"], "2026-11-29T01:45:00.000Z");
    live.receive({ type: "changes", seq: 2, changes: diffSnapshot(sunday(), scored) });
    assert.deepEqual(
      shown.map((n) => n.title),
      ["José Ñañez is on court", "José Ñañez won 21–15"],
    );
    // A notice under the tag of one before it replaces that one without a sound: the result would
    // go unheard.
    assert.equal(new Set(shown.map((n) => n.tag)).size, 2, "the result is a notification of its own");
    await pass(page, live, 10 * 60_000);
    assert.equal(shown.length, 2, "each said once");
  });

  test("a match the desk calls is notified as the call, once per match and court (a move is another), whatever date the phone's clock says", async () => {
    const { notifications, shown } = fakeNotifications();
    const { store, live } = await openPublic("?day=open-sun", { notify: notifications });
    store.follows.toggle({ key: "jose nanez", name: "José Ñañez" });
    await store.follows.allowAlerts();
    // The day is a week after the phone's date (its clock set by hand): the desk's call is news all the same.
    const called = (seq: number, calls: CallCells[]) => {
      const row = matchRow(105, "09:30", "Court 1", "José Ñañez", "Nicolás Peñaflor");
      row[1] = "2026-12-06";
      const snapshot = snapshotOf(
        { "Rizal Hall": [row] },
        { generatedAt: `2026-12-06T01:${String(20 + seq).padStart(2, "0")}:00.000Z` },
      );
      snapshot.date = "2026-12-06";
      (snapshot.facilities[0] as { callsCsv?: string }).callsCsv = callsCsv(calls);
      live.receive({ type: "snapshot", seq, snapshot });
    };
    called(2, []);
    called(3, [[105, "Court 3", "2026-12-06 09:31:00", "", "", "called"]]);
    assert.deepEqual(
      shown.map((n) => [n.title, n.body]),
      [["Court 3 now: match 105", "José Ñañez · Rizal Hall · MS U15 · against Nicolás Peñaflor"]],
    );
    called(4, [[105, "Court 3", "2026-12-06 09:31:00", "2026-12-06 09:33:00", "", "playing"]]);
    assert.equal(shown.length, 1, "its start is the same call");
    called(5, [[105, "Court 4", "2026-12-06 09:34:00", "2026-12-06 09:33:00", "", "playing"]]);
    assert.deepEqual(
      shown.map((n) => n.title),
      ["Court 3 now: match 105", "Court 4 now: match 105"],
    );
    assert.equal(new Set(shown.map((n) => n.tag)).size, 2, "a move is a notification of its own");
  });

  test("a result says what comes next for the player that day; a match of another day left without a score is never notified on court", async () => {
    const { notifications, shown } = fakeNotifications();
    const { page, store, live } = await openPublic("?day=open-sun", { notify: notifications });
    const onSaturday = matchRow(11, "10:00", "Court 2", "José Ñañez", "Andrés Báez");
    const after11 = matchRow(12, "10:30", "Court 2", "Andrés Báez", "Tomás Ibáñez");
    for (const row of [onSaturday, after11]) row[1] = "2026-11-28";
    const saturday = (score: [string, string]) =>
      snapshotOf(
        { "Rizal Hall": [[...onSaturday.slice(0, 9), ...score], after11] },
        { day: "open-sat", generatedAt: "2026-11-28T05:00:00.000Z" },
      );
    page.site.file("/junior-open/data/open-sat.json", saturday(["", ""]));
    store.follows.toggle({ key: "jose nanez", name: "José Ñañez" });
    store.follows.toggle({ key: "andres baez", name: "Andrés Báez" });
    store.players.readEventDays();
    await settle();
    await store.follows.allowAlerts();
    const sundayWithNext = (score: [string, string], generatedAt: string) =>
      snapshotOf(
        {
          "Rizal Hall": [
            matchRow(105, "09:30", "Court 1", "José Ñañez", "Nicolás Peñaflor", score),
            matchRow(109, "10:00", "Court 3", "José Ñañez", "Ramón Dela Cruz"),
          ],
        },
        { generatedAt },
      );
    live.receive({ type: "snapshot", seq: 2, snapshot: sundayWithNext(["", ""], AT_0920) });
    await pass(page, live, 15 * 60_000);
    live.receive({
      type: "snapshot",
      seq: 3,
      snapshot: sundayWithNext(["21", "15"], "2026-11-29T01:36:00.000Z"),
    });
    // Saturday's match 11 gets its score late, on Sunday: Andrés's next Saturday match is "due".
    page.site.file("/junior-open/data/open-sat.json", saturday(["21", "18"]));
    await page.clock.advance(EVENT_DAYS_MS);
    store.players.readEventDays();
    await settle();
    assert.deepEqual(
      shown.map((n) => [n.title, n.body]),
      [
        ["José Ñañez is on court", "Court 1, Rizal Hall · MS U15 · against Nicolás Peñaflor"],
        [
          "José Ñañez won 21–15",
          "against Nicolás Peñaflor · Court 1, Rizal Hall · next: 10:00 · Court 3 · Rizal Hall",
        ],
        ["José Ñañez won 21–18", "against Andrés Báez · Court 2, Rizal Hall"],
        [
          "Andrés Báez lost 18–21",
          "against José Ñañez · Court 2, Rizal Hall · next: Sat 28 Nov 10:30 · Court 2 · Rizal Hall",
        ],
      ],
      "no 'Andrés Báez is on court' for Saturday's match 12 on the Sunday",
    );
  });

  test("a followed player's card shows what is on the day viewed: a Saturday match without a score is not on court on the Sunday", async () => {
    const { page, store, live } = await openPublic("?day=open-sun");
    const onSaturday = matchRow(11, "10:00", "Court 2", "José Ñañez", "Andrés Báez");
    onSaturday[1] = "2026-11-28";
    page.site.file(
      "/junior-open/data/open-sat.json",
      snapshotOf(
        { "Rizal Hall": [onSaturday] },
        { day: "open-sat", generatedAt: "2026-11-28T05:00:00.000Z" },
      ),
    );
    store.players.readEventDays();
    await settle();
    const card = (day: { key: string; label: string }, key = "jose nanez") =>
      followedCard(store.players.player(key) as Player, day, store.now.value, undefined);
    const sundayCard = { key: "open-sun", label: "Sunday" };
    assert.equal(
      playerNow(store.players.player("jose nanez") as Player, store.now.value, undefined).onCourt,
      true,
      "across the event, the Saturday match left without a score is the next, and due",
    );
    assert.deepEqual(card(sundayCard), {
      onCourt: false,
      next: "Next: 09:30 · Court 1 · Rizal Hall",
      record: "No results yet",
    });
    assert.deepEqual(card({ key: "open-sat", label: "Saturday" }), {
      onCourt: false,
      next: "Next: Sat 28 Nov 10:00 · Court 2 · Rizal Hall",
      record: "No results yet",
    });
    assert.deepEqual(card(sundayCard, "andres baez"), {
      onCourt: false,
      next: "Not playing on Sunday",
      record: "",
    });
    await pass(page, live, 15 * 60_000);
    assert.deepEqual(card(sundayCard), {
      onCourt: true,
      next: "On court now · 09:30 · Court 1 · Rizal Hall",
      record: "No results yet",
    });
    live.receive({ type: "changes", seq: 2, changes: diffSnapshot(sunday(), sunday(["21", "15"])) });
    assert.deepEqual(card(sundayCard), {
      onCourt: false,
      next: "No match to come",
      record: "1 won · 0 lost",
    });
  });

  test("nothing is notified about what the page found on its first look, nor without permission", async () => {
    const allowed = fakeNotifications();
    const storage = new MemoryStorage();
    storage.setItem(FOLLOWED_KEY, JSON.stringify([{ key: "maria pena", name: "María Peña" }]));
    const first = await openPublic("?day=open-sun", { storage, notify: allowed.notifications });
    await first.store.follows.allowAlerts();
    await pass(first.page, first.live, 15 * 60_000);
    assert.deepEqual(allowed.shown, [], "María's result was there when the page opened");

    const refused = fakeNotifications("denied");
    const { page, store, live } = await openPublic("?day=open-sun", { notify: refused.notifications });
    store.follows.toggle({ key: "jose nanez", name: "José Ñañez" });
    await store.follows.allowAlerts();
    assert.equal(store.follows.alerts.value, "denied");
    await pass(page, live, 15 * 60_000);
    live.receive({ type: "changes", seq: 2, changes: diffSnapshot(sunday(), sunday(["3", "21"])) });
    assert.deepEqual(refused.shown, []);
    const unsupported = await openPublic("?day=open-sun");
    assert.equal(unsupported.store.follows.alerts.value, "unsupported");
  });
});

/** A phone that kept Sunday's results as `snapshot` on an earlier visit. */
function phoneThatKept(snapshot: ReturnType<typeof sunday>): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(
    "tournament-ops.kept-snapshot.public",
    JSON.stringify({ event: "junior-open", day: "open-sun", snapshot }),
  );
  return storage;
}

/** Sunday's public page opened again at 09:20 on that phone, before its socket opens. */
async function reopen(storage: MemoryStorage, published?: ReturnType<typeof sunday>) {
  const page = fakePage({ href: "https://results.test/public/?day=open-sun", now: AT_0920, storage });
  page.site.file("/config/events.json", REGISTRY);
  if (published) page.site.file("/junior-open/data/open-sun.json", published);
  const store = createPublicStore(page.env);
  await store.start();
  await settle();
  return { page, store, live: page.socket("/live/junior-open/open-sun") };
}

describe("a page opened again on a phone that kept the day", () => {
  test("what changed since the last visit is neither marked, announced nor notified; what changes next is", async () => {
    const storage = phoneThatKept(sunday(["", ""], "2026-11-29T01:10:00.000Z"));
    storage.setItem(FOLLOWED_KEY, JSON.stringify([{ key: "jose nanez", name: "José Ñañez" }]));
    const shown: string[] = [];
    const page = fakePage({ href: "https://results.test/public/?day=open-sun", now: AT_0920, storage });
    page.site.file("/config/events.json", REGISTRY);
    page.env.notifications = {
      permission: () => "granted",
      request: async () => "granted",
      show: (title) => shown.push(title),
    };
    const store = createPublicStore(page.env);
    await store.start();
    await settle();
    assert.equal(store.feed.value?.kept, true, "the kept day shows first");
    const live = page.socket("/live/junior-open/open-sun");
    live.open();
    const scored = sunday(["21", "15"]);
    live.receive({ type: "snapshot", seq: 1, snapshot: scored });
    assert.equal(store.feed.value?.kept, false);
    assert.equal(store.feed.value?.snapshot?.generatedAt, AT_0920);
    assert.equal(store.fresh.fresh.value.size, 0);
    assert.equal(store.fresh.said.value, "");
    assert.deepEqual(shown, [], "José's result came while the page was closed");

    const again = sunday(["21", "16"], "2026-11-29T01:21:00.000Z");
    live.receive({ type: "changes", seq: 2, changes: diffSnapshot(scored, again) });
    assert.deepEqual(
      [...store.fresh.fresh.value],
      [freshKey("Rizal Hall", "105")],
      "a change while open is news",
    );
  });

  test("a published file older than the kept day changes nothing: the relay's catch-up is still not news", async () => {
    const { store, live } = await reopen(
      phoneThatKept(sunday(["", ""], "2026-11-29T01:10:00.000Z")),
      sunday(["", ""], "2026-11-29T01:05:00.000Z"),
    );
    assert.equal(store.feed.value?.snapshot?.generatedAt, "2026-11-29T01:10:00.000Z");
    assert.equal(store.feed.value?.kept, true, "the file's older copy is not the network's word on the day");
    live.open();
    live.receive({ type: "snapshot", seq: 1, snapshot: sunday(["21", "15"], "2026-11-29T01:20:00.000Z") });
    assert.equal(store.feed.value?.kept, false);
    assert.equal(store.fresh.fresh.value.size, 0, "what came while the page was closed is not marked");
    assert.equal(store.fresh.said.value, "");
  });

  test("when the network brings the kept day unchanged, the next score is news all the same", async () => {
    const seen = sunday(["", ""], "2026-11-29T01:10:00.000Z");
    const { store, live } = await reopen(phoneThatKept(seen));
    live.open();
    live.receive({ type: "snapshot", seq: 1, snapshot: seen });
    assert.equal(store.feed.value?.kept, false);
    const scored = sunday(["21", "15"], "2026-11-29T01:21:00.000Z");
    live.receive({ type: "changes", seq: 2, changes: diffSnapshot(seen, scored) });
    assert.deepEqual([...store.fresh.fresh.value], [freshKey("Rizal Hall", "105")]);
  });
});

describe("the scores that arrive", () => {
  test("are marked for a few seconds and said once to screen readers; the first snapshot marks nothing", async () => {
    const { page, store, live } = await openPublic("?day=open-sun");
    // A row's own mark, asked for before the score arrives, and another match's, which never moves.
    const row = store.fresh.marked(freshKey("Rizal Hall", "105"));
    const other = store.fresh.marked(freshKey("Rizal Hall", "106"));
    let otherChanges = 0;
    const stop = other.subscribe(() => otherChanges++);
    assert.equal(store.fresh.fresh.value.size, 0);
    assert.equal(store.fresh.said.value, "");
    const scored = sunday(["21", "15"], "2026-11-29T01:45:00.000Z");
    live.receive({ type: "changes", seq: 2, changes: diffSnapshot(sunday(), scored) });
    assert.deepEqual([...store.fresh.fresh.value], [freshKey("Rizal Hall", "105")]);
    assert.equal(row.value, true);
    assert.equal(
      store.fresh.said.value,
      "New score, Rizal Hall, Court 1: José Ñañez 21, Nicolás Peñaflor 15.",
    );
    await page.clock.advance(FRESH_MS - 1);
    assert.equal(store.fresh.fresh.value.size, 1);
    assert.equal(row.value, true);
    await page.clock.advance(1);
    assert.equal(store.fresh.fresh.value.size, 0);
    assert.equal(row.value, false);
    assert.equal(store.fresh.said.value, "");
    stop();
    assert.equal(otherChanges, 1, "another match's mark was never touched (1: the subscription's first run)");
  });
});
