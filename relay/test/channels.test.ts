import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { applyChanges, type LiveMessage } from "../src/changes/index.ts";
import { announce, connect, type RunningRelay, startRelay } from "./helpers.ts";

const SECRET = "test-push-secret";
const ORIGIN = "https://pages.test";
/** The days these tests open sockets on, announced as the service would. */
const DAYS = [
  "push-day",
  "connect-day",
  "empty-day",
  "stale-day",
  "same-day",
  "changes-day",
  "seq-day",
  "odd-day",
  "day-1",
  "day-2",
].map((day) => `open-2026/${day}`);

function push(relay: RunningRelay, path: string, body: unknown): Promise<Response> {
  return fetch(`${relay.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-publish-secret": SECRET },
    body: JSON.stringify(body),
  });
}

function snapshot(generatedAt: string, extra: Record<string, unknown> = {}) {
  return {
    event: "open-2026",
    day: "day-1",
    generatedAt,
    facilities: [],
    matchesCsv: "matchNumber\n1",
    ...extra,
  };
}

describe("the snapshot channel /live/<event>/<day>", () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN] });
    await announce(relay.url, SECRET, DAYS);
  });
  after(() => relay.dispose());

  it("broadcasts a push to every socket and answers { clients }", async () => {
    const first = await connect(relay.url, "/live/open-2026/push-day", ORIGIN);
    const second = await connect(relay.url, "/live/open-2026/push-day", ORIGIN);
    const body = snapshot("2026-03-01T08:00:00.000Z");
    const response = await push(relay, "/publish/open-2026/push-day", body);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { clients: 2 });
    assert.deepEqual(JSON.parse(await first.next()), body);
    assert.deepEqual(JSON.parse(await second.next()), body);
    await Promise.all([first.close(), second.close()]);
  });

  it("sends the newest snapshot to a new socket at once", async () => {
    const body = snapshot("2026-03-01T09:00:00.000Z", { label: "Day 1" });
    assert.deepEqual(await (await push(relay, "/publish/open-2026/connect-day", body)).json(), {
      clients: 0,
    });
    const late = await connect(relay.url, "/live/open-2026/connect-day", ORIGIN);
    assert.deepEqual(JSON.parse(await late.next()), body);
    await late.close();
  });

  it("sends nothing on connect while the channel has no snapshot", async () => {
    const socket = await connect(relay.url, "/live/open-2026/empty-day", ORIGIN);
    // The runtime answers "ping" on the same socket, so anything sent on connect would arrive first.
    socket.socket.send("ping");
    assert.equal(await socket.next(), "pong");
    await socket.close();
  });

  it("ignores a push older than the stored snapshot, answering { clients, ignored: true }", async () => {
    const socket = await connect(relay.url, "/live/open-2026/stale-day", ORIGIN);
    const newer = snapshot("2026-03-01T10:00:00.000Z", { n: "newer" });
    await push(relay, "/publish/open-2026/stale-day", newer);
    assert.deepEqual(JSON.parse(await socket.next()), newer);

    const older = await push(relay, "/publish/open-2026/stale-day", snapshot("2026-03-01T09:59:59.000Z"));
    assert.equal(older.status, 200);
    assert.deepEqual(await older.json(), { clients: 1, ignored: true });

    const late = await connect(relay.url, "/live/open-2026/stale-day", ORIGIN);
    assert.deepEqual(JSON.parse(await late.next()), newer);
    const newest = snapshot("2026-03-01T10:00:01.000Z", { n: "newest" });
    assert.deepEqual(await (await push(relay, "/publish/open-2026/stale-day", newest)).json(), {
      clients: 2,
    });
    // The stale push never reached the open socket: the next thing it holds is the newest snapshot.
    assert.deepEqual(JSON.parse(await socket.next()), newest);
    await Promise.all([socket.close(), late.close()]);
  });

  it("takes a push with the same generatedAt as the stored one (a republish)", async () => {
    await push(relay, "/publish/open-2026/same-day", snapshot("2026-03-01T11:00:00.000Z", { isLive: false }));
    const again = snapshot("2026-03-01T11:00:00.000Z", { isLive: true });
    assert.deepEqual(await (await push(relay, "/publish/open-2026/same-day", again)).json(), { clients: 0 });
    const socket = await connect(relay.url, "/live/open-2026/same-day", ORIGIN);
    assert.deepEqual(JSON.parse(await socket.next()), again);
    await socket.close();
  });
});

describe("sockets that ask for changes (/live/<event>/<day>?changes=1)", () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN] });
    await announce(relay.url, SECRET, DAYS);
  });
  after(() => relay.dispose());

  const rows = (scored: string) => `matchNumber,team1Score,team2Score\n1,21,19\n2,${scored}\n3,,\n`;
  const hall = (scored: string, fetchedAt: string) => ({
    name: "Hall A",
    status: "ok",
    fetchedAt,
    matchesCsv: rows(scored),
    standingsCsv: "",
  });
  const daySnapshot = (generatedAt: string, scored: string) =>
    snapshot(generatedAt, {
      facilities: [hall(scored, generatedAt)],
      matchesCsv: `facility,${rows(scored)}`,
    });

  it("get the snapshot with its sequence number on connect, then only what changed, while other sockets get the JSON as pushed", async () => {
    const first = daySnapshot("2026-03-04T08:00:00.000Z", ",");
    await push(relay, "/publish/open-2026/changes-day", first);
    const changes = await connect(relay.url, "/live/open-2026/changes-day?changes=1", ORIGIN);
    const plain = await connect(relay.url, "/live/open-2026/changes-day", ORIGIN);
    const opened = JSON.parse(await changes.next()) as LiveMessage;
    assert.deepEqual(opened, { type: "snapshot", seq: 1, snapshot: first });
    assert.deepEqual(JSON.parse(await plain.next()), first);

    const second = daySnapshot("2026-03-04T08:05:00.000Z", "21,17");
    assert.deepEqual(await (await push(relay, "/publish/open-2026/changes-day", second)).json(), {
      clients: 2,
    });
    const text = await changes.next();
    const message = JSON.parse(text) as LiveMessage;
    assert.equal(message.type, "changes");
    assert.equal(message.seq, 2);
    if (message.type !== "changes") return;
    assert.ok(!text.includes("3,,"), "rows that did not change are not sent");
    assert.deepEqual(applyChanges(first, message.changes), second);
    assert.equal(await plain.next(), JSON.stringify(second));
    await Promise.all([changes.close(), plain.close()]);
  });

  it("an ignored older push sends nothing and takes no sequence number", async () => {
    await push(relay, "/publish/open-2026/seq-day", daySnapshot("2026-03-04T09:00:00.000Z", ","));
    const socket = await connect(relay.url, "/live/open-2026/seq-day?changes=1", ORIGIN);
    assert.equal((JSON.parse(await socket.next()) as LiveMessage).seq, 1);
    await push(relay, "/publish/open-2026/seq-day", daySnapshot("2026-03-04T08:59:00.000Z", "1,1"));
    await push(relay, "/publish/open-2026/seq-day", daySnapshot("2026-03-04T09:01:00.000Z", "2,2"));
    const next = JSON.parse(await socket.next()) as LiveMessage;
    assert.deepEqual([next.type, next.seq], ["changes", 2]);
    await socket.close();
  });

  it("a push that is not a day snapshot reaches them whole", async () => {
    const socket = await connect(relay.url, "/live/open-2026/odd-day?changes=1", ORIGIN);
    await push(relay, "/publish/open-2026/odd-day", daySnapshot("2026-03-04T10:00:00.000Z", ","));
    assert.equal((JSON.parse(await socket.next()) as LiveMessage).type, "snapshot");
    const odd = { generatedAt: "2026-03-04T10:01:00.000Z", note: "no facilities" };
    await push(relay, "/publish/open-2026/odd-day", odd);
    assert.deepEqual(JSON.parse(await socket.next()), { type: "snapshot", seq: 2, snapshot: odd });
    await socket.close();
  });
});

describe("channel isolation", () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN] });
    await announce(relay.url, SECRET, DAYS);
  });
  after(() => relay.dispose());

  it("a /live socket never receives a nudge", async () => {
    const live = await connect(relay.url, "/live/open-2026/day-1", ORIGIN);
    const nudged = await fetch(`${relay.url}/nudge/open-2026/day-1`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET },
      body: JSON.stringify({ facility: "Hall A" }),
    });
    assert.deepEqual(await nudged.json(), { clients: 0 });
    const body = snapshot("2026-03-02T08:00:00.000Z");
    await push(relay, "/publish/open-2026/day-1", body);
    assert.deepEqual(JSON.parse(await live.next()), body);
    await live.close();
  });

  it("another day's socket receives nothing", async () => {
    const other = await connect(relay.url, "/live/open-2026/day-2", ORIGIN);
    const otherNudges = await connect(relay.url, "/attendance/open-2026/day-2", ORIGIN);
    assert.deepEqual(
      await (await push(relay, "/publish/open-2026/day-3", snapshot("2026-03-02T09:00:00Z"))).json(),
      {
        clients: 0,
      },
    );
    const nudge = await fetch(`${relay.url}/nudge/open-2026/day-3`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET },
      body: JSON.stringify({ facility: "Hall B" }),
    });
    assert.deepEqual(await nudge.json(), { clients: 0 });
    const own = snapshot("2026-03-02T09:00:01.000Z", { day: "day-2" });
    await push(relay, "/publish/open-2026/day-2", own);
    assert.deepEqual(JSON.parse(await other.next()), own);
    otherNudges.socket.send("ping");
    assert.equal(await otherNudges.next(), "pong");
    await Promise.all([other.close(), otherNudges.close()]);
  });
});

describe("the nudge channel /attendance/<event>/<day>", () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN] });
    await announce(relay.url, SECRET, DAYS);
  });
  after(() => relay.dispose());

  it("sends nothing on connect, even after nudges", async () => {
    await fetch(`${relay.url}/nudge/open-2026/day-1`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET },
      body: JSON.stringify({ facility: "Hall A" }),
    });
    const socket = await connect(relay.url, "/attendance/open-2026/day-1", ORIGIN);
    socket.socket.send("ping");
    assert.equal(await socket.next(), "pong");
    await socket.close();
  });

  it('broadcasts {"type":"attendance","facility":…} and nothing else of the body', async () => {
    const first = await connect(relay.url, "/attendance/open-2026/day-2", ORIGIN);
    const second = await connect(relay.url, "/attendance/open-2026/day-2", ORIGIN);
    const response = await fetch(`${relay.url}/nudge/open-2026/day-2`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET },
      body: JSON.stringify({ facility: "Hall A", person: "someone" }),
    });
    assert.deepEqual(await response.json(), { clients: 2 });
    assert.equal(await first.next(), '{"type":"attendance","facility":"Hall A"}');
    assert.equal(await second.next(), '{"type":"attendance","facility":"Hall A"}');
    await Promise.all([first.close(), second.close()]);
  });
});

describe("the snapshot is kept in durable storage", () => {
  let persistDir: string;
  before(async () => {
    persistDir = await mkdtemp(join(tmpdir(), "relay-persist-"));
  });
  after(() => rm(persistDir, { recursive: true, force: true }));

  it("a new socket receives the snapshot after the relay restarts", async () => {
    // Larger than one storage chunk, so the chunked write and read are both exercised.
    const body = snapshot("2026-03-03T08:00:00.000Z", { matchesCsv: "x".repeat(700_000) });
    const first = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN], persistDir });
    try {
      assert.equal((await push(first, "/publish/open-2026/day-1", body)).status, 200);
    } finally {
      await first.dispose();
    }
    const second = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN], persistDir });
    try {
      const socket = await connect(second.url, "/live/open-2026/day-1", ORIGIN);
      assert.deepEqual(JSON.parse(await socket.next()), body);
      await socket.close();
      const stale = await push(second, "/publish/open-2026/day-1", snapshot("2026-03-03T07:00:00.000Z"));
      assert.deepEqual(await stale.json(), { clients: 0, ignored: true });
      const counted = await connect(second.url, "/live/open-2026/day-1?changes=1", ORIGIN);
      assert.equal(
        (JSON.parse(await counted.next()) as LiveMessage).seq,
        1,
        "the sequence number is kept too",
      );
      await counted.close();
    } finally {
      await second.dispose();
    }
  });

  it("a smaller snapshot replaces a larger one completely in storage", async () => {
    const small = snapshot("2026-03-03T09:00:01.000Z");
    const first = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN], persistDir });
    try {
      await push(
        first,
        "/publish/open-2026/day-2",
        snapshot("2026-03-03T09:00:00Z", { matchesCsv: "y".repeat(600_000) }),
      );
      await push(first, "/publish/open-2026/day-2", small);
    } finally {
      await first.dispose();
    }
    const second = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN], persistDir });
    try {
      const socket = await connect(second.url, "/live/open-2026/day-2", ORIGIN);
      assert.deepEqual(JSON.parse(await socket.next()), small);
      await socket.close();
    } finally {
      await second.dispose();
    }
  });
});
