// The day feed's reads of the published file while the relay has not sent the day: a first read
// that failed is read again, a day published while the relay missed it is found, a socket whose
// opening stalls is given up, and a snapshot the page was handed (its own sync's report) is shown
// at once. The page's clock is a test clock; the
// file is served on loopback.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, describe, test } from "node:test";
import type { DaySnapshot } from "../../src/lib/data/snapshot.ts";
import { type FeedOptions, type FeedState, followDay, POLL_MS } from "../../src/lib/live/day-feed.ts";
import { OPEN_TIMEOUT_MS } from "../../src/lib/live/reconnecting-socket.ts";
import { type FakeClock, fakeClock } from "../support/fake-clock.ts";
import { FakeSocket } from "../support/fake-socket.ts";

const snapshot = (generatedAt: string): DaySnapshot => ({
  event: "open",
  day: "sat",
  label: "Saturday",
  date: "2026-11-21",
  isLive: true,
  generatedAt,
  editedAt: null,
  facilities: [
    { name: "Hall A", status: "ok", fetchedAt: generatedAt, matchesCsv: "n\n1\n", standingsCsv: "" },
  ],
  matchesCsv: "facility,n\nHall A,1\n",
});

describe("following a day: the published file is read until the relay sends the day", () => {
  let server: Server;
  /** What the file server answers: a snapshot, 404 (undefined) or 500 ("broken"). */
  let published: DaySnapshot | undefined | "broken";
  let reads = 0;
  let dataUrl: URL;
  let clock: FakeClock;
  let made: FakeSocket[];
  let states: FeedState[];
  let feed: ReturnType<typeof followDay> | undefined;
  const last = () => states.at(-1) as FeedState;
  /** Waits for the file server's answer to reach the feed (a real fetch on loopback), failing after 30 s. */
  const until = async (done: () => boolean) => {
    for (const deadline = Date.now() + 30_000; !done(); ) {
      if (Date.now() > deadline) throw new Error(`never true: ${done}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  before(async () => {
    server = createServer((req, res) => {
      if (req.url !== "/open/data/sat.json") return res.writeHead(404).end();
      reads++;
      if (published === "broken") return res.writeHead(500).end();
      if (published === undefined) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(published));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    dataUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });
  after(() => server.close());
  beforeEach(() => {
    feed?.stop();
    published = undefined;
    reads = 0;
    clock = fakeClock("2026-11-21T01:00:00.000Z");
    made = [];
    states = [];
  });

  const follow = () => {
    const env: FeedOptions["env"] = {
      fetch,
      clock,
      openSocket(url) {
        const socket = new FakeSocket(url);
        made.push(socket);
        return socket as unknown as WebSocket;
      },
      connection: {
        online: () => true,
        visible: () => true,
        onOnlineChange: () => () => {},
        onVisible: () => () => {},
        onHidden: () => () => {},
      },
    };
    const started = followDay({
      env,
      liveUrl: new URL("ws://relay.test/"),
      dataUrl,
      event: "open",
      day: "sat",
      livePush: true,
      onChange: (state) => states.push(state),
      socket: { backoff: () => 600_000, keepAliveMs: 600_000 },
    });
    feed = started;
    return started;
  };

  test("open socket, nothing from the relay: a failed first read is read again, and the day published since is shown", async () => {
    published = "broken";
    follow();
    (made[0] as FakeSocket).open();
    await until(() => last().problem !== undefined);
    assert.equal(last().source, "live");
    published = snapshot("2026-11-21T01:05:00.000Z");
    await clock.advance(POLL_MS);
    await until(() => last().snapshot !== undefined);
    assert.deepEqual(last().snapshot, published);
    assert.equal(last().problem, undefined);
    assert.equal(last().source, "live", "the socket stays; the relay may still send the day");
  });

  test("a socket whose opening stalls is given up after OPEN_TIMEOUT_MS: the file is read at once, and the day published since is shown", async () => {
    follow();
    await until(() => last()?.unpublished === true);
    published = snapshot("2026-11-21T01:06:00.000Z");
    await clock.advance(OPEN_TIMEOUT_MS);
    assert.equal((made[0] as FakeSocket).closed, true, "the stalled opening is closed, to be tried again");
    await until(() => last().snapshot !== undefined);
    assert.equal(last().source, "published");
    assert.equal(reads, 2);
  });

  test("once the relay sends the day the file is no longer read", async () => {
    follow();
    const socket = made[0] as FakeSocket;
    socket.open();
    await until(() => reads === 1 && last().unpublished);
    socket.receive({ type: "snapshot", seq: 1, snapshot: snapshot("2026-11-21T01:07:00.000Z") });
    await clock.advance(3 * POLL_MS);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(reads, 1);
  });

  test("a snapshot handed to the feed is shown at once, unless older than the one shown", async () => {
    const feed = follow();
    (made[0] as FakeSocket).open();
    await until(() => last()?.unpublished === true);
    const synced = snapshot("2026-11-21T01:08:00.000Z");
    feed.offer(synced);
    assert.deepEqual([last().snapshot, last().unpublished], [synced, false]);
    feed.offer(snapshot("2026-11-21T01:02:00.000Z"));
    assert.deepEqual(last().snapshot, synced);
  });
});
