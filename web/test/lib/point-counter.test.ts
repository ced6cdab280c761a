import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DEFAULT_SCORING, type GameRules, gameRules } from "@tournament-ops/service/scoring";
import { createApi } from "../../src/lib/api/client.ts";
import {
  addPoint,
  type CounterState,
  finalScore,
  NEW_COUNTER,
  type Side,
  setServing,
  startNextGame,
  undo,
} from "../../src/lib/courts/counter-state.ts";
import { createPointCounter, RETRY_MS } from "../../src/lib/courts/point-counter.ts";
import { settle } from "../support/fake-clock.ts";
import { type FakePage, fakePage } from "../support/fake-page.ts";
import { json } from "../support/fake-site.ts";
import type { MemoryStorage } from "../support/memory-storage.ts";

const LIVE = "/v3/days/open-sun/facilities/Rizal%20Hall/matches/107/live";
const MATCH = { day: "open-sun", facility: "Rizal Hall", matchNumber: "107" };

/** Plays rallies: each character a point to side 1 or 2. */
function play(
  rallies: string,
  rules: GameRules = DEFAULT_SCORING,
  from: CounterState = NEW_COUNTER,
): CounterState {
  let state = from;
  for (const side of rallies) state = addPoint(state, Number(side) as Side, rules);
  return state;
}
const rallies = (side: Side, times: number) => String(side).repeat(times);

describe("the point counter's state: a game ends by the event's scoring", () => {
  test("at 21 by two: 21–19 ends the game, 21–20 does not and 22–20 does; a point after the end changes nothing", () => {
    const at21 = play(rallies(1, 19) + rallies(2, 19) + "11");
    assert.deepEqual(at21.points, [21, 19]);
    assert.equal(addPoint(at21, 2, DEFAULT_SCORING), at21, "the game is over at 21–19");
    const deuce = play(rallies(1, 20) + rallies(2, 20) + "1");
    assert.deepEqual(deuce.points, [21, 20]);
    const won = play("1", DEFAULT_SCORING, deuce);
    assert.deepEqual(won.points, [22, 20]);
    assert.equal(addPoint(won, 1, DEFAULT_SCORING), won);
    assert.deepEqual(finalScore(won, DEFAULT_SCORING), { team1Score: 22, team2Score: 20 });
  });

  test("capped at 30: at 29 all the next point wins, 30–29", () => {
    const level = play("12".repeat(29));
    assert.deepEqual(level.points, [29, 29]);
    const capped = play("2", DEFAULT_SCORING, level);
    assert.deepEqual(capped.points, [29, 30]);
    assert.equal(addPoint(capped, 1, DEFAULT_SCORING), capped);
    assert.deepEqual(finalScore(capped, DEFAULT_SCORING), { team1Score: 29, team2Score: 30 });
  });

  test("each change takes the next seq from 1; the side that wins a rally serves", () => {
    const state = play("1121");
    assert.equal(state.seq, 4);
    assert.equal(state.serving, 1);
    assert.equal(play("12").serving, 2);
    assert.equal(setServing(NEW_COUNTER, 2).serving, 2);
    assert.equal(setServing(play("1"), 2).serving, 1, "only before the game's first point");
  });

  test("undo goes back one change at a time, as a new change with the next seq, to 0–0 and no further", () => {
    const state = play("112");
    const once = undo(state);
    assert.deepEqual([once.points, once.seq, once.serving], [[2, 0], 4, 1]);
    const all = undo(undo(once));
    assert.deepEqual([all.points, all.seq], [[0, 0], 6]);
    assert.equal(undo(all), all);
    // Undo across a game's end takes the point that ended it back.
    const ended = play(rallies(1, 21));
    assert.deepEqual(undo(ended).points, [20, 0]);
    assert.deepEqual(addPoint(undo(ended), 2, DEFAULT_SCORING).points, [20, 1]);
  });

  test("best of 3: the next game starts once a game ends, its winner serving; the final is the games won", () => {
    const rules = gameRules({ bestOf: 3 });
    let state = play(rallies(2, 21), rules);
    assert.equal(finalScore(state, rules), undefined);
    state = startNextGame(state, rules);
    assert.deepEqual([state.games, state.points, state.serving], [[[0, 21]], [0, 0], 2]);
    assert.equal(startNextGame(state, rules), state, "not before this game ends");
    state = startNextGame(play(rallies(1, 21), rules, state), rules);
    state = play(rallies(1, 15) + rallies(2, 13) + rallies(1, 6), rules, state);
    assert.deepEqual(finalScore(state, rules), { team1Score: 2, team2Score: 1 });
    assert.equal(startNextGame(state, rules), state, "the match is won");
    assert.equal(addPoint(state, 1, rules), state);
    assert.deepEqual(undo(undo(startNextGame(play(rallies(2, 21), rules), rules))).points, [0, 20]);
  });
});

/** A counter for match 107 on a fake page whose service takes every live state as the relay would. */
function counterOn(page: FakePage, rules: GameRules = DEFAULT_SCORING) {
  const api = createApi(new URL("https://results.test/"), page.env.fetch);
  return createPointCounter({
    api,
    clock: page.env.clock,
    storage: page.env.storage,
    connection: page.env.connection,
    rules,
    match: MATCH,
  });
}

/** The service keeps the latest state by seq, as the relay does; `sent` lists every body it got. */
function liveService(page: FakePage) {
  const sent: Array<{ seq: number; team1Points: number; team2Points: number }> = [];
  let held = { seq: 0, team1Points: 0, team2Points: 0, game: 1, serving: 1 };
  page.site.answer("PUT", LIVE, async (request) => {
    const body = (await request.json()) as typeof held;
    sent.push(body);
    const accepted = body.seq > held.seq;
    if (accepted) held = body;
    return json(200, {
      ...held,
      matchNumber: "107",
      at: "2026-11-22T01:00:00.000Z",
      accepted,
      ended: false,
      relayed: true,
    });
  });
  return { sent, held: () => held };
}

const openPage = (storage?: MemoryStorage) =>
  fakePage({
    href: "https://results.test/score/?facility=Rizal+Hall&match=107",
    now: "2026-11-22T01:00:00Z",
    ...(storage ? { storage } : {}),
  });

describe("the point counter store: the latest state sent, one request at a time", () => {
  test("each tap sends the counter's state with its seq; the service holds the latest", async () => {
    const page = openPage();
    const service = liveService(page);
    const counter = counterOn(page);
    counter.start();
    await settle();
    counter.point(1);
    await settle();
    counter.point(2);
    await settle();
    assert.deepEqual(
      service.sent.map((b) => [b.seq, b.team1Points, b.team2Points]),
      [
        [1, 0, 0],
        [2, 1, 0],
        [3, 1, 1],
      ],
    );
    assert.equal(counter.status.value, "sent");
    counter.stop();
  });

  test("offline, points are kept on the phone and only their latest state is sent on reconnect", async () => {
    const page = openPage();
    const service = liveService(page);
    const counter = counterOn(page);
    counter.point(1);
    await settle();
    page.setOnline(false);
    for (const side of [1, 1, 2, 1, 2, 2] as const) counter.point(side);
    counter.undo();
    await settle();
    assert.equal(counter.status.value, "waiting");
    assert.deepEqual(counter.points.value, [4, 2]);
    const beforeReconnect = service.sent.length;
    page.setOnline(true);
    await settle();
    assert.deepEqual(
      service.sent.slice(beforeReconnect).map((b) => [b.seq, b.team1Points, b.team2Points]),
      [[8, 4, 2]],
      "one send: the latest",
    );
    assert.deepEqual([service.held().team1Points, service.held().team2Points], [4, 2]);
    assert.equal(counter.status.value, "sent");
    counter.stop();
  });

  test("a reload offline keeps every point: the counter opens where it stood and sends it once the network is back", async () => {
    const page = openPage();
    page.setOnline(false);
    const first = counterOn(page);
    for (const side of [1, 2, 2] as const) first.point(side);
    await settle();
    first.stop();
    const reloaded = openPage(page.storage);
    const service = liveService(reloaded);
    reloaded.setOnline(false);
    const counter = counterOn(reloaded);
    await settle();
    assert.deepEqual(
      [counter.points.value, counter.state.value.seq, counter.status.value],
      [[1, 2], 3, "waiting"],
    );
    assert.equal(counter.canUndo.value, true, "undo survives the reload");
    reloaded.setOnline(true);
    await settle();
    assert.deepEqual(
      service.sent.map((b) => [b.seq, b.team1Points, b.team2Points]),
      [[3, 1, 2]],
    );
    counter.point(1);
    await settle();
    assert.deepEqual(service.sent.at(-1), { seq: 4, team1Points: 2, team2Points: 2, game: 1, serving: 1 });
    counter.saved();
    assert.equal(reloaded.storage.getItem("tournament-ops.point-counter.open-sun/Rizal Hall/107"), null);
    counter.stop();
  });

  test("the service out of reach while online: the latest state is tried again shortly", async () => {
    const page = openPage();
    const service = liveService(page);
    page.site.unreachable = true;
    const counter = counterOn(page);
    counter.point(2);
    await settle();
    assert.equal(counter.status.value, "waiting");
    page.site.unreachable = false;
    await page.clock.advance(RETRY_MS);
    assert.deepEqual(
      service.sent.map((b) => b.seq),
      [1],
    );
    counter.stop();
  });

  test("429: the state goes again after Retry-After; a service holding a later seq makes the phone count on above it", async () => {
    const page = openPage();
    let refused = true;
    const bodies: number[] = [];
    page.site.answer("PUT", LIVE, async (request) => {
      const body = (await request.json()) as { seq: number };
      bodies.push(body.seq);
      if (refused) {
        refused = false;
        return json(429, { status: 429, code: "rate_limited", detail: "slow down" }, { "retry-after": "1" });
      }
      const accepted = body.seq > 40;
      return json(200, {
        matchNumber: "107",
        seq: accepted ? body.seq : 40,
        team1Points: 3,
        team2Points: 3,
        game: 1,
        serving: 1,
        at: "",
        accepted,
        ended: false,
        relayed: true,
      });
    });
    const counter = counterOn(page);
    counter.point(1);
    await settle();
    assert.equal(counter.status.value, "waiting");
    await page.clock.advance(1_000);
    assert.deepEqual(bodies, [1, 1, 41]);
    assert.equal(counter.state.value.seq, 41);
    assert.equal(counter.status.value, "sent");
    counter.stop();
  });

  test("the final saved (the service says ended, or match_played): the counter sends no more; a refusal says why", async () => {
    const page = openPage();
    page.site.answer("PUT", LIVE, () =>
      json(409, { status: 409, code: "match_played", detail: "match 107 has a score already" }),
    );
    const counter = counterOn(page);
    counter.point(1);
    await settle();
    assert.equal(counter.status.value, "ended");
    counter.point(1);
    await settle();
    assert.equal(page.site.calls("PUT", LIVE).length, 1);
    counter.stop();

    const refusedPage = openPage();
    refusedPage.site.answer("PUT", LIVE, () =>
      json(403, { status: 403, code: "forbidden", detail: "stopped" }),
    );
    const refused = counterOn(refusedPage);
    refused.point(1);
    await settle();
    assert.equal(refused.status.value, "refused");
    assert.match(refused.problem.value ?? "", /Ask the control desk/);
    refused.stop();
  });
});
