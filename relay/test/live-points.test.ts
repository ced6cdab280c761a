import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import {
  applyLivePoints,
  type LivePoint,
  type LivePointsMessage,
  liveKey,
} from "../src/live-points/index.ts";
import { announce, connect, type RunningRelay, type SocketClient, startRelay } from "./helpers.ts";

const SECRET = "test-push-secret";
const ORIGIN = "https://pages.test";
/** Long enough that the posts of one test land within one tick even on a busy machine. */
const TICK_MS = 1_000;
const DAYS = ["batch-day", "late-day", "seq-day", "end-day", "plain-day", "rules-day", "sleep-day"].map(
  (day) => `open-2026/${day}`,
);

function post(relay: RunningRelay, day: string, body: unknown, secret = SECRET): Promise<Response> {
  return fetch(`${relay.url}/points/open-2026/${day}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-publish-secret": secret },
    body: JSON.stringify(body),
  });
}

const point = (matchNumber: string, seq: number, team1Points: number, team2Points: number) => ({
  facility: "Rizal Hall",
  matchNumber,
  seq,
  team1Points,
  team2Points,
});

async function nextLive(socket: SocketClient): Promise<LivePointsMessage> {
  const message = JSON.parse(await socket.next()) as LivePointsMessage;
  assert.equal(message.type, "live");
  return message;
}

/** The socket's next message, or "nothing" when none arrives within `ms` (a ping's pong arrives first). */
async function nothingSoon(socket: SocketClient): Promise<void> {
  socket.socket.send("ping");
  assert.equal(await socket.next(), "pong");
}

const scores = (points: LivePoint[]) =>
  points.map((p) => `${p.matchNumber}:${p.seq}:${p.team1Points}-${p.team2Points}`).sort();

describe("live points on the snapshot channel (POST /points/<event>/<day>, sockets with ?live=1)", () => {
  let relay: RunningRelay;
  let persistDir: string;
  before(async () => {
    persistDir = await mkdtemp(join(tmpdir(), "relay-points-"));
    relay = await startRelay({
      secret: SECRET,
      allowedOrigins: [ORIGIN],
      persistDir,
      livePointsTickMs: TICK_MS,
    });
    await announce(relay.url, SECRET, DAYS);
  });
  after(async () => {
    await relay.dispose();
    await rm(persistDir, { recursive: true, force: true });
  });

  it("batches per tick: the first point goes out at once, the points of the next tick in one message, each match with its latest", async () => {
    const socket = await connect(relay.url, "/live/open-2026/batch-day?changes=1&live=1", ORIGIN);
    const first = await post(relay, "batch-day", point("301", 1, 1, 0));
    assert.deepEqual((await first.json()) as object, {
      accepted: true,
      point: {
        ...point("301", 1, 1, 0),
        game: null,
        serving: null,
        at: (await nextLive(socket)).points[0]?.at,
      },
      ended: false,
    });
    // Within the tick after the first message: three matches, one of them twice.
    for (const body of [
      point("302", 1, 0, 1),
      point("303", 1, 1, 0),
      point("302", 2, 0, 2),
      point("301", 2, 2, 0),
    ])
      assert.equal((await post(relay, "batch-day", body)).status, 200);
    const batch = await nextLive(socket);
    assert.deepEqual(scores(batch.points), ["301:2:2-0", "302:2:0-2", "303:1:1-0"]);
    assert.deepEqual(batch.ended, []);
    assert.equal(batch.all, undefined);
    await nothingSoon(socket);
    await socket.close();
  });

  it("sends a page that connects late every match in play, after the snapshot; a socket that did not ask gets none", async () => {
    await post(relay, "late-day", point("401", 3, 5, 4));
    await post(relay, "late-day", point("402", 1, 0, 1));
    await fetch(`${relay.url}/publish/open-2026/late-day`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET },
      body: JSON.stringify({ generatedAt: "2026-11-21T02:00:00.000Z", facilities: [] }),
    });
    // Past the tick that sends 402, so the late socket's first live message is its connect message.
    await new Promise((resolve) => setTimeout(resolve, 2 * TICK_MS));
    const late = await connect(relay.url, "/live/open-2026/late-day?changes=1&live=1", ORIGIN);
    assert.equal(JSON.parse(await late.next()).type, "snapshot");
    const all = await nextLive(late);
    assert.equal(all.all, true);
    assert.deepEqual(scores(all.points), ["401:3:5-4", "402:1:0-1"]);
    const held = applyLivePoints(new Map([[liveKey("Rizal Hall", "999"), all.points[0] as LivePoint]]), all);
    assert.deepEqual([...held.keys()].sort(), [liveKey("Rizal Hall", "401"), liveKey("Rizal Hall", "402")]);

    const plain = await connect(relay.url, "/live/open-2026/late-day?changes=1", ORIGIN);
    assert.equal(JSON.parse(await plain.next()).type, "snapshot");
    await post(relay, "late-day", point("401", 4, 6, 4));
    assert.deepEqual(scores((await nextLive(late)).points), ["401:4:6-4"]);
    await nothingSoon(plain);
    await Promise.all([late.close(), plain.close()]);
  });

  it("a seq not above the last accepted one changes nothing, and is answered with the state as it stands", async () => {
    await post(relay, "seq-day", point("7", 5, 10, 8));
    for (const stale of [point("7", 5, 0, 0), point("7", 4, 11, 8)]) {
      const answer = (await (await post(relay, "seq-day", stale)).json()) as {
        accepted: boolean;
        point: LivePoint;
      };
      assert.equal(answer.accepted, false);
      assert.deepEqual([answer.point.seq, answer.point.team1Points, answer.point.team2Points], [5, 10, 8]);
    }
    const socket = await connect(relay.url, "/live/open-2026/seq-day?live=1", ORIGIN);
    assert.deepEqual(scores((await nextLive(socket)).points), ["7:5:10-8"]);
    await socket.close();
  });

  it("an ended match is dropped: sockets are told, a late page does not get it, and its seq still counts", async () => {
    const socket = await connect(relay.url, "/live/open-2026/end-day?live=1", ORIGIN);
    await post(relay, "end-day", point("9", 3, 21, 19));
    assert.deepEqual(scores((await nextLive(socket)).points), ["9:3:21-19"]);
    const ended = await post(relay, "end-day", { facility: "Rizal Hall", matchNumber: "9", ended: true });
    assert.deepEqual(await ended.json(), { ended: true });
    const message = await nextLive(socket);
    assert.deepEqual([message.points, message.ended], [[], [{ facility: "Rizal Hall", matchNumber: "9" }]]);
    assert.deepEqual(
      await (await post(relay, "end-day", { facility: "Rizal Hall", matchNumber: "9", ended: true })).json(),
      { ended: false },
    );
    const resent = (await (await post(relay, "end-day", point("9", 3, 21, 19))).json()) as {
      accepted: boolean;
      ended: boolean;
    };
    assert.deepEqual([resent.accepted, resent.ended], [false, true]);
    const late = await connect(relay.url, "/live/open-2026/end-day?live=1", ORIGIN);
    await nothingSoon(late);
    await Promise.all([socket.close(), late.close()]);
  });

  it("keeps the latest points in storage: a relay started again on the same storage sends them on connect", async () => {
    await post(relay, "sleep-day", point("12", 8, 7, 6));
    await relay.dispose();
    relay = await startRelay({
      secret: SECRET,
      allowedOrigins: [ORIGIN],
      persistDir,
      livePointsTickMs: TICK_MS,
    });
    await announce(relay.url, SECRET, DAYS);
    const socket = await connect(relay.url, "/live/open-2026/sleep-day?live=1", ORIGIN);
    assert.deepEqual(scores((await nextLive(socket)).points), ["12:8:7-6"]);
    await socket.close();
  });

  it("refuses without the secret, a bad body, a bad key and another method", async () => {
    assert.equal((await post(relay, "rules-day", point("1", 1, 0, 0), "wrong")).status, 401);
    for (const body of [
      { ...point("1", 0, 0, 0) },
      { ...point("1", 1, 100, 0) },
      { ...point("1", 1.5, 0, 0) },
      { ...point("", 1, 0, 0) },
      { ...point("1", 1, 0, 0), serving: 3 },
      { ...point("1", 1, 0, 0), extra: true },
      [],
    ]) {
      const answer = await post(relay, "rules-day", body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal(((await answer.json()) as { code: string }).code, "bad_request");
    }
    const big = await post(relay, "rules-day", { ...point("1", 1, 0, 0), facility: "x".repeat(2000) });
    assert.equal(big.status, 413);
    const key = await fetch(`${relay.url}/points/Open/day`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET },
    });
    assert.equal(key.status, 400);
    const get = await fetch(`${relay.url}/points/open-2026/rules-day`);
    assert.deepEqual([get.status, get.headers.get("allow")], [405, "POST"]);
  });
});
