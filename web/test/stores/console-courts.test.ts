// The console's court board on its store in Node (issue 38, item 1): the board of a hall from the
// followed snapshot, each facility's calls, the relay's live points and the attendance lists; the
// call, move and cancel taps, shown at once and until the snapshot carries them; a Start on a called
// court, sent as the point counter's first live state; and every refusal
// (court busy naming the other match, match played, no open call, offline) in words, with nothing
// changed on the board. The board in Chromium: web/test/browser/court-board.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { courtBoardOf } from "../../src/console/store/court-board.ts";
import type { DaySnapshot } from "../../src/lib/data/snapshot.ts";
import { openConsole } from "../support/console-page.ts";
import { settle } from "../support/fake-clock.ts";
import { json } from "../support/fake-site.ts";
import { type CallCells, callsCsv } from "../support/match-table.ts";
import { matchRow, person, snapshotOf } from "../support/page-fixtures.ts";

const RIZAL = "/v3/days/open-sun/facilities/Rizal%20Hall";
const callPath = (match: number) => `${RIZAL}/matches/${match}/call`;

/** Rizal Hall's two courts and Aguinaldo Court's one, with each facility's calls. */
function day(
  calls: { rizal?: CallCells[]; aguinaldo?: CallCells[] } = {},
  generatedAt?: string,
): DaySnapshot {
  const snapshot = snapshotOf(
    {
      "Rizal Hall": [
        matchRow(101, "09:00", "Court 1", "Ana Cruz", "Bea Lim"),
        matchRow(102, "09:00", "Court 2", "Cora Tan", "Dina Yu"),
        matchRow(103, "09:30", "Court 1", "Eva Go", "Fe Sy"),
        matchRow(104, "09:30", "Court 2", "Ana Cruz", "Gia Ong"),
        matchRow(105, "09:40", "Court 2", "Hana Co", "Jo Lee"),
      ],
      "Aguinaldo Court": [matchRow(301, "09:00", "Court 1", "Hana Co", "Kim Ang")],
    },
    generatedAt === undefined ? {} : { generatedAt },
  );
  const [rizal, aguinaldo] = snapshot.facilities;
  if (rizal && calls.rizal) rizal.callsCsv = callsCsv(calls.rizal);
  if (aguinaldo && calls.aguinaldo) aguinaldo.callsCsv = callsCsv(calls.aguinaldo);
  return snapshot;
}

/** The console on the court board, the attendance lists read (everyone but Fe Sy checked in), the day's socket open. */
async function board() {
  const opened = await openConsole("?day=open-sun&view=courts");
  const { page, entry } = opened;
  const store = { ...opened.store, courts: courtBoardOf(opened.store) };
  const present = ["Ana Cruz", "Bea Lim", "Cora Tan", "Dina Yu", "Eva Go", "Gia Ong", "Hana Co", "Jo Lee"];
  page.site.answer("GET", `${RIZAL}/people`, () =>
    json(200, [...present.map((name) => person(name, true)), person("Fe Sy")]),
  );
  page.site.answer("GET", "/v3/days/open-sun/facilities/Aguinaldo%20Court/people", () =>
    json(200, [person("Hana Co", true), person("Kim Ang", true)]),
  );
  store.courts.forDay("open-sun");
  store.day.openDay(entry);
  const live = page.socket("/live/junior-open/open-sun?changes=1");
  live.open();
  let seq = 0;
  const publish = (snapshot: DaySnapshot) => live.receive({ type: "snapshot", seq: ++seq, snapshot });
  return { ...opened, store, live, publish };
}

type Board = ReturnType<typeof courtBoardOf>["board"]["value"];

/** Each court as `Court 1: free 101` (the suggestion), `Court 2: called 102`, `…: playing 102 live 3–1`. */
const tiles = (shown: Board) =>
  (shown?.courts ?? []).map((tile) =>
    tile.state === "free"
      ? `${tile.court}: free ${tile.suggestion?.matchNumber ?? "-"}`
      : `${tile.court}: ${tile.state} ${tile.match.matchNumber}${tile.live ? ` live ${tile.live.team1Points}–${tile.live.team2Points}` : ""}`,
  );

/** A call as the PUT answers it. */
const answer = (matchNumber: number, court: string, state: string, calledAt = "2026-11-29 09:05:00") => ({
  matchNumber,
  court,
  state,
  calledAt,
  startedAt: null,
  endedAt: state === "cancelled" ? "2026-11-29 09:06:00" : null,
  calledBy: "Operator console",
  published: { generatedAt: "2026-11-29T01:05:00.000Z" },
});

describe("the console's court board", () => {
  test("the board of a hall from the snapshot, its calls, the other halls' calls, the attendance lists and live points", async () => {
    const { store, entry, live, publish } = await board();
    assert.match(live.url, /[?&]live=1(&|$)/, "the console asks the relay for live points");
    publish(day());
    assert.equal(store.courts.board.value?.readingAttendance, true, "no list read yet: every match waits");
    assert.deepEqual(tiles(store.courts.board.value), ["Court 1: free -", "Court 2: free -"]);
    store.attendance.watchAttendance(entry);
    await settle();
    const shown = () => store.courts.board.value;
    assert.deepEqual(store.courts.halls.value, ["Rizal Hall", "Aguinaldo Court"]);
    assert.equal(shown()?.facility, "Rizal Hall", "the first hall until one is chosen");
    assert.deepEqual(tiles(shown()), ["Court 1: free 101", "Court 2: free 102"]);
    const why = (number: string) =>
      shown()
        ?.queue.find((q) => q.match.matchNumber === number)
        ?.reasons.map((r) => r.text);
    assert.deepEqual(why("103"), ["Fe Sy is not checked in"]);
    assert.deepEqual(why("104"), ["Ana Cruz is suggested for Court 1"]);

    // Hana Co is called in the other hall; 101 is being played, 102 called.
    publish(
      day({
        rizal: [
          [101, "Court 1", "2026-11-29 09:01:00", "2026-11-29 09:02:00", "", "playing"],
          [102, "Court 2", "2026-11-29 09:03:00", "", "", "called"],
        ],
        aguinaldo: [[301, "Court 1", "2026-11-29 08:58:00", "", "", "called"]],
      }),
    );
    assert.deepEqual(tiles(shown()), ["Court 1: playing 101", "Court 2: called 102"]);
    assert.deepEqual(why("105"), ["Hana Co is called to Court 1 in Aguinaldo Court"]);
    const court2 = shown()?.courts[1];
    assert.equal(
      court2?.state === "called" ? court2.since : undefined,
      Date.parse("2026-11-29T09:03:00+08:00"),
    );

    // The first live point of 102 puts it in play before the snapshot says so; 101's score comes live.
    const point = (matchNumber: string, seq: number, a: number, b: number) => ({
      facility: "Rizal Hall",
      matchNumber,
      seq,
      team1Points: a,
      team2Points: b,
      game: 1,
      serving: 1,
      at: "2026-11-29T01:10:00.000Z",
    });
    live.receive({ type: "live", points: [point("101", 7, 15, 12), point("102", 1, 1, 0)], ended: [] });
    assert.deepEqual(tiles(shown()), ["Court 1: playing 101 live 15–12", "Court 2: playing 102 live 1–0"]);
    live.receive({ type: "live", points: [], ended: [{ facility: "Rizal Hall", matchNumber: "101" }] });
    assert.deepEqual(tiles(shown()), ["Court 1: playing 101", "Court 2: playing 102 live 1–0"]);

    // 101's final score is saved: its court is free again and offers the next match.
    const done = day({
      rizal: [
        [101, "Court 1", "2026-11-29 09:01:00", "2026-11-29 09:02:00", "2026-11-29 09:20:00", "done"],
        [102, "Court 2", "2026-11-29 09:03:00", "2026-11-29 09:04:00", "", "playing"],
      ],
    });
    const rizal = done.facilities[0];
    if (rizal) rizal.matchesCsv = rizal.matchesCsv.replace(/^(101,.*),,$/m, "$1,21,18");
    publish(done);
    assert.deepEqual(tiles(shown()), ["Court 1: free 105", "Court 2: playing 102 live 1–0"]);
    assert.deepEqual(why("104"), ["Ana Cruz rests until 09:40"], "Ana Cruz came off court at 09:20");

    store.courts.chosenHall.value = "Aguinaldo Court";
    assert.deepEqual(tiles(shown()), ["Court 1: free 301"]);
  });

  test("a call, a move and a cancel: each sent as the route asks, shown at once and until the snapshot carries it", async () => {
    const { page, store, entry, publish } = await board();
    store.attendance.watchAttendance(entry);
    publish(day());
    await settle();
    const bodies: unknown[] = [];
    const route = (match: number, reply: (body: { court: string | null }) => Response) =>
      page.site.answer("PUT", callPath(match), async (request) => {
        const body = (await request.json()) as { court: string | null };
        bodies.push(body);
        return reply(body);
      });
    route(101, (body) =>
      json(
        200,
        body.court === null ? answer(101, "Court 2", "cancelled") : answer(101, body.court, "called"),
      ),
    );
    assert.equal(await store.courts.callMatch(entry, "Rizal Hall", "101", "Court 1"), true);
    assert.deepEqual(tiles(store.courts.board.value), ["Court 1: called 101", "Court 2: free 102"]);
    assert.deepEqual(store.courts.outcome.value, {
      kind: "done",
      facility: "Rizal Hall",
      court: "Court 1",
      text: "Match 101 called to Court 1.",
    });

    // The snapshot carries the call; then another desk's move shows as the snapshot has it.
    publish(day({ rizal: [[101, "Court 1", "2026-11-29 09:05:00", "", "", "called"]] }));
    assert.deepEqual(tiles(store.courts.board.value), ["Court 1: called 101", "Court 2: free 102"]);
    assert.equal(await store.courts.callMatch(entry, "Rizal Hall", "101", "Court 2"), true);
    assert.equal(store.courts.outcome.value?.text, "Match 101 moved from Court 1 to Court 2.");
    assert.deepEqual(tiles(store.courts.board.value), ["Court 1: free 102", "Court 2: called 101"]);
    assert.equal(await store.courts.cancelCall(entry, "Rizal Hall", "101"), true);
    assert.equal(store.courts.outcome.value?.text, "The call of match 101 to Court 2 is cancelled.");
    assert.deepEqual(tiles(store.courts.board.value), ["Court 1: free 101", "Court 2: free 102"]);
    assert.deepEqual(bodies, [{ court: "Court 1" }, { court: "Court 2" }, { court: null }]);

    // A call the snapshot has moved past (another desk called 101 again) is the snapshot's.
    publish(
      day({
        rizal: [
          [101, "Court 1", "2026-11-29 09:05:00", "", "2026-11-29 09:06:00", "cancelled"],
          [101, "Court 2", "2026-11-29 09:07:00", "", "", "called"],
        ],
      }),
    );
    assert.deepEqual(tiles(store.courts.board.value), ["Court 1: free 102", "Court 2: called 101"]);
  });

  test("a Start on a called court is the live state 0–0 with seq 1, as the counter's first: in play once the relay sends it back; a match with a score is not started", async () => {
    const { page, store, entry, live, publish } = await board();
    store.attendance.watchAttendance(entry);
    publish(day({ rizal: [[102, "Court 2", "2026-11-29 09:03:00", "", "", "called"]] }));
    await settle();
    const livePath = `${RIZAL}/matches/102/live`;
    const bodies: unknown[] = [];
    const state = { matchNumber: "102", seq: 1, team1Points: 0, team2Points: 0, game: 1, serving: null };
    const at = "2026-11-29T01:10:00.000Z";
    page.site.answer("PUT", livePath, async (request) => {
      bodies.push(await request.json());
      return json(200, { ...state, at, accepted: true, ended: false, relayed: true });
    });
    assert.equal(await store.courts.startMatch(entry, "Rizal Hall", "102"), true);
    assert.deepEqual(bodies, [{ seq: 1, team1Points: 0, team2Points: 0, game: 1 }]);
    assert.deepEqual(store.courts.outcome.value, {
      kind: "done",
      facility: "Rizal Hall",
      court: "Court 2",
      text: "Match 102 started on Court 2.",
    });
    assert.equal(page.site.calls("PUT", callPath(102)).length, 0, "the call itself is not rewritten");
    live.receive({ type: "live", points: [{ ...state, facility: "Rizal Hall", serving: 1, at }], ended: [] });
    assert.deepEqual(tiles(store.courts.board.value), ["Court 1: free 101", "Court 2: playing 102 live 0–0"]);

    page.site.answer("PUT", livePath, () =>
      json(409, { status: 409, code: "match_played", detail: "match 102 has a score already" }),
    );
    assert.equal(await store.courts.startMatch(entry, "Rizal Hall", "102"), false);
    assert.deepEqual(store.courts.outcome.value, {
      kind: "problem",
      facility: "Rizal Hall",
      court: "Court 2",
      text: "Not started: match 102 has a score already.",
    });
  });

  test("refusals in words, the board unchanged: court busy naming the other match, match played, no open call, offline; one tap at a time", async () => {
    const { page, store, entry, publish } = await board();
    store.attendance.watchAttendance(entry);
    publish(day({ rizal: [[102, "Court 2", "2026-11-29 09:03:00", "", "", "called"]] }));
    await settle();
    const before = tiles(store.courts.board.value);
    assert.deepEqual(before, ["Court 1: free 101", "Court 2: called 102"]);
    page.site.answer("PUT", callPath(101), () =>
      json(409, {
        status: 409,
        code: "court_busy",
        detail: "Court 2 is busy: match 102 is called there.",
        call: answer(102, "Court 2", "called", "2026-11-29 09:03:00"),
      }),
    );
    assert.equal(await store.courts.callMatch(entry, "Rizal Hall", "101", "Court 2"), false);
    assert.deepEqual(store.courts.outcome.value, {
      kind: "problem",
      facility: "Rizal Hall",
      court: "Court 2",
      text: "Not called: Court 2 is busy with match 102 (Cora Tan v Dina Yu), called there. Move or cancel that call first.",
    });
    assert.deepEqual(tiles(store.courts.board.value), before);

    page.site.answer("PUT", callPath(103), () =>
      json(409, { status: 409, code: "match_played", detail: "match 103 has a score (21–3)" }),
    );
    await store.courts.callMatch(entry, "Rizal Hall", "103", "Court 1");
    assert.equal(
      store.courts.outcome.value?.text,
      "Not called: match 103 has a score already, so it is not called to a court.",
    );
    page.site.answer("PUT", callPath(102), () =>
      json(404, { status: 404, code: "not_found", detail: "match 102 has no open call to cancel" }),
    );
    await store.courts.cancelCall(entry, "Rizal Hall", "102");
    assert.deepEqual(store.courts.outcome.value, {
      kind: "problem",
      facility: "Rizal Hall",
      court: "Court 2",
      text: "Not cancelled: match 102 has no open call any more (it ended, or another desk cancelled it).",
    });

    page.setOnline(false);
    assert.equal(await store.courts.callMatch(entry, "Rizal Hall", "101", "Court 1"), false);
    assert.equal(
      store.courts.outcome.value?.text,
      "Not called: the service cannot be reached. Check the connection, then try again; nothing was changed.",
    );
    assert.deepEqual(tiles(store.courts.board.value), before);
    page.setOnline(true);

    // While one tap is being sent, another is not sent.
    let release: (response: Response) => void = () => undefined;
    page.site.answer("PUT", callPath(101), () => new Promise<Response>((resolve) => (release = resolve)));
    const first = store.courts.callMatch(entry, "Rizal Hall", "101", "Court 1");
    await settle();
    assert.deepEqual(store.courts.pending.value, {
      kind: "call",
      facility: "Rizal Hall",
      matchNumber: "101",
      court: "Court 1",
    });
    assert.equal(await store.courts.cancelCall(entry, "Rizal Hall", "102"), false);
    release(json(200, answer(101, "Court 1", "called")));
    assert.equal(await first, true);
    assert.equal(page.site.calls("PUT", callPath(102)).length, 1, "only the first cancel was sent");
    assert.equal(store.courts.pending.value, undefined);
  });
});
