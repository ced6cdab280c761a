import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, describe, test } from "node:test";
import { diffSnapshot } from "@tournament-ops/relay/changes";
import type { LivePointsMessage } from "@tournament-ops/relay/live-points";
import type { DaySnapshot, FacilitySnapshot } from "../../src/lib/data/snapshot.ts";
import { type FeedOptions, type FeedState, followDay } from "../../src/lib/live/day-feed.ts";
import { applyLivePoints, inPlayByHall, livePointOf } from "../../src/lib/live/live-points.ts";
import { FakeSocket } from "../support/fake-socket.ts";

const snapshot = (generatedAt: string, score: string): DaySnapshot => ({
  event: "open",
  day: "sat",
  label: "Saturday",
  date: "2026-11-21",
  isLive: true,
  generatedAt,
  editedAt: null,
  facilities: [
    {
      name: "Hall A",
      status: "ok",
      fetchedAt: generatedAt,
      matchesCsv: `n,s\n1,${score}\n2,\n`,
      standingsCsv: "",
    },
  ],
  matchesCsv: `facility,n,s\nHall A,1,${score}\nHall A,2,\n`,
});

/** The sockets the feed opened, oldest first. */
let made: FakeSocket[] = [];
/** The page's needs: these sockets, Node's own timers and fetch, a page always in view and online. */
const env: FeedOptions["env"] = {
  fetch,
  openSocket(url) {
    const socket = new FakeSocket(url);
    made.push(socket);
    return socket as unknown as WebSocket;
  },
  clock: {
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (run, ms) => setInterval(run, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  },
  connection: {
    online: () => true,
    visible: () => true,
    onOnlineChange: () => () => {},
    onVisible: () => () => {},
    onHidden: () => () => {},
  },
};

describe("following a day: the relay's changes, with the published file as the fallback", () => {
  let server: Server;
  let published: DaySnapshot | undefined;
  let dataUrl: URL;
  const states: FeedState[] = [];
  const last = () => states.at(-1) as FeedState;
  /** Waits until `done()` holds (a file read takes its time on a busy machine), failing after 10 s. */
  const until = async (done: () => boolean) => {
    for (const deadline = Date.now() + 10_000; !done(); ) {
      if (Date.now() > deadline) throw new Error(`never true: ${done}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  let feeds: Array<{ stop(): void }> = [];

  before(async () => {
    server = createServer((req, res) => {
      if (req.url !== "/open/data/sat.json" || published === undefined) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(published));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    dataUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });
  after(() => {
    for (const feed of feeds) feed.stop();
    server.close();
  });
  beforeEach(() => {
    for (const feed of feeds) feed.stop();
    feeds = [];
    made = [];
    states.length = 0;
    published = undefined;
  });

  const follow = (livePush = true) => {
    const feed = followDay({
      env,
      liveUrl: new URL("ws://relay.test/"),
      dataUrl,
      event: "open",
      day: "sat",
      livePush,
      onChange: (state) => states.push(state),
      socket: { backoff: () => 60_000 },
    });
    feeds.push(feed);
    return feed;
  };

  test("asks for changes, shows the snapshot it opens with, then applies each change in sequence", async () => {
    follow();
    const socket = made[0] as FakeSocket;
    assert.equal(socket.url, "ws://relay.test/live/open/sat?changes=1");
    socket.open();
    const first = snapshot("2026-11-21T01:00:00.000Z", "");
    const second = snapshot("2026-11-21T01:05:00.000Z", "21");
    socket.receive({ type: "snapshot", seq: 4, snapshot: first });
    socket.receive({ type: "changes", seq: 5, changes: diffSnapshot(first, second) });
    assert.equal(last().source, "live");
    assert.deepEqual(last().snapshot, second);
  });

  test("a whole snapshot keeps what it repeats of the one shown: the same facilities, the same texts", async () => {
    follow();
    const socket = made[0] as FakeSocket;
    socket.open();
    const twoHalls = (generatedAt: string, score: string, note?: string): DaySnapshot => {
      const day = snapshot(generatedAt, score);
      const hallB: FacilitySnapshot = {
        ...(day.facilities[0] as FacilitySnapshot),
        name: "Hall B",
        fetchedAt: "2026-11-21T00:59:00.000Z",
        matchesCsv: "n,s\n7,\n",
      };
      return { ...day, facilities: [...day.facilities, note ? { ...hallB, error: note } : hallB] };
    };
    socket.receive({ type: "snapshot", seq: 1, snapshot: twoHalls("2026-11-21T01:00:00.000Z", "") });
    const shown = last().snapshot as DaySnapshot;
    socket.receive({ type: "snapshot", seq: 2, snapshot: twoHalls("2026-11-21T01:05:00.000Z", "21") });
    const next = last().snapshot as DaySnapshot;
    assert.deepEqual(next, twoHalls("2026-11-21T01:05:00.000Z", "21"), "what was sent, exactly");
    assert.equal(next.facilities[1], shown.facilities[1], "Hall B did not change: the object shown");
    assert.notEqual(next.facilities[0], shown.facilities[0], "Hall A did");

    // A member more (or fewer) is a change too, though every member both have is equal.
    socket.receive({
      type: "snapshot",
      seq: 3,
      snapshot: twoHalls("2026-11-21T01:05:00.000Z", "21", "late"),
    });
    const noted = last().snapshot as DaySnapshot;
    assert.equal(noted.facilities[1]?.error, "late");
    assert.equal(noted.facilities[0], next.facilities[0]);
    socket.receive({
      type: "snapshot",
      seq: 4,
      snapshot: twoHalls("2026-11-21T01:05:00.000Z", "21", "late"),
    });
    assert.equal(last().snapshot, noted, "the same snapshot again: the one shown, nothing new to draw");
  });

  test("a page that asks for live points gets each live message apart from the snapshot; with the socket down, none are known", async () => {
    const messages: LivePointsMessage[] = [];
    feeds.push(
      followDay({
        env,
        liveUrl: new URL("ws://relay.test/"),
        dataUrl,
        event: "open",
        day: "sat",
        livePush: true,
        onChange: (state) => states.push(state),
        onLive: (message) => messages.push(message),
        socket: { backoff: () => 60_000 },
      }),
    );
    const socket = made[0] as FakeSocket;
    assert.equal(socket.url, "ws://relay.test/live/open/sat?changes=1&live=1");
    socket.open();
    const first = snapshot("2026-11-21T01:00:00.000Z", "");
    socket.receive({ type: "snapshot", seq: 1, snapshot: first });
    const point = {
      facility: "Hall A",
      matchNumber: "2",
      seq: 3,
      team1Points: 5,
      team2Points: 4,
      game: 1,
      serving: 1,
      at: "",
    };
    socket.receive({ type: "live", all: true, points: [point], ended: [] });
    assert.deepEqual(messages, [{ type: "live", all: true, points: [point], ended: [] }]);
    assert.deepEqual(last().snapshot, first, "a live message is no snapshot");
    let held = applyLivePoints(new Map(), messages[0] as LivePointsMessage);
    assert.equal(livePointOf(held, "Hall A", "2")?.team1Points, 5);
    assert.deepEqual([...(inPlayByHall(held).get("Hall A") ?? [])], ["2"]);
    socket.drop();
    await until(() => messages.length === 2);
    held = applyLivePoints(held, messages[1] as LivePointsMessage);
    assert.equal(held.size, 0);
  });

  test("a missed message (a gap in seq) reopens the socket for the whole snapshot, applying nothing", async () => {
    follow();
    const socket = made[0] as FakeSocket;
    socket.open();
    const first = snapshot("2026-11-21T01:00:00.000Z", "");
    socket.receive({ type: "snapshot", seq: 4, snapshot: first });
    socket.receive({
      type: "changes",
      seq: 6,
      changes: diffSnapshot(first, snapshot("2026-11-21T01:09:00.000Z", "9")),
    });
    assert.equal(made.length, 2, "a new socket was opened");
    assert.ok(socket.closed);
    assert.deepEqual(last().snapshot, first);
  });

  test("when the socket goes down, the published file is read and shown, with the source saying so", async () => {
    published = snapshot("2026-11-21T02:00:00.000Z", "21");
    follow();
    (made[0] as FakeSocket).close();
    await until(() => last()?.snapshot !== undefined);
    assert.equal(last().source, "published");
    assert.deepEqual(last().snapshot, published);
  });

  test("with live push off there is no socket, only the published file; a day never published says so", async () => {
    const feed = follow(false);
    await until(() => last()?.unpublished === true);
    assert.equal(made.length, 0);
    assert.equal(last().source, "push-off", "told apart from the fallback: the organisers chose it");
    published = snapshot("2026-11-21T03:00:00.000Z", "5");
    feed.retry();
    await until(() => last().snapshot !== undefined);
    assert.deepEqual([last().unpublished, last().snapshot], [false, published]);
  });
});
