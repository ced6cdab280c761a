// Issue 35, M3: the relay's unread bound (relay/src/socket-limits.ts) in workerd through Miniflare,
// over real sockets, at a lowered bound of 64 KiB and pushes of about 20 KB. A page's ping says it
// read what it was sent; the first message after a ping is free, and a socket is sent nothing but its
// close (4008) once the others would pass the bound. A page that reads late but pings within the
// bound keeps its socket and gets every push; a big snapshot on connect leaves the whole bound for
// what follows; a socket that never pings is closed and sent nothing more.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { markedSnapshot, publish } from "./held-sockets.ts";
import { announce, connect, type RunningRelay, type SocketClient, startRelay } from "./helpers.ts";
import { openUnreadSocket } from "./unread-sockets.ts";

const SECRET = "test-push-secret";
const ORIGIN = "https://pages.test";
const LIMIT = 64 * 1024;
const DAYS = ["slow-day", "big-day"].map((day) => `open-2026/${day}`);

/** Pings as a page does after reading, and waits for the runtime's `pong`: the relay has its time. */
async function acknowledge(socket: SocketClient): Promise<void> {
  socket.socket.send("ping");
  assert.equal(await socket.next(), "pong");
}

/** The close code the relay sent to `socket`, once it closes. */
function closeCode(socket: SocketClient): Promise<number> {
  return new Promise((resolve) => socket.socket.once("close", (code) => resolve(code)));
}

describe("M3: the unread bound, past the first message since the page's last ping", () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN], unreadLimitBytes: LIMIT });
    await announce(relay.url, SECRET, DAYS);
  });
  after(async () => {
    await relay?.dispose();
  });

  it("a page that pings after every 4th message is kept and gets all 12; one that never reads is closed at the 5th", async () => {
    const day = DAYS[0] as string;
    const slow = await connect(relay.url, `/live/${day}`, ORIGIN);
    const silent = await openUnreadSocket(relay.url, `/live/${day}`, ORIGIN, "203.0.113.9");
    const reached: number[] = [];
    for (let n = 1; n <= 12; n++) {
      const text = markedSnapshot(n);
      reached.push((await publish(relay, SECRET, day, text)).clients);
      assert.equal(await slow.next(), text, `the slow page got push ${n}`);
      // Four messages of about 20 KB: the first free, three more (60 KB) within 64 KiB.
      if (n % 4 === 0) await acknowledge(slow);
    }
    assert.deepEqual(reached, [2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert.equal(await silent.drain(), 4008, "the socket that never read got its close");
    assert.equal(slow.socket.readyState, slow.socket.OPEN, "the page that read late is still open");
    await slow.close();
  });

  it("a 100 KB snapshot on connect is free: three pushes more are sent before a silent page is closed", async () => {
    const day = DAYS[1] as string;
    await publish(relay, SECRET, day, markedSnapshot(0, "", 100_000));
    const page = await connect(relay.url, `/live/${day}`, ORIGIN);
    const closed = closeCode(page);
    assert.match(await page.next(), /"filler":"x{100000}"/, "the day's snapshot on connect, whole");
    const reached: number[] = [];
    for (let n = 1; n <= 4; n++) reached.push((await publish(relay, SECRET, day, markedSnapshot(n))).clients);
    assert.deepEqual(reached, [1, 1, 1, 0], "60 KB more within the bound; the fourth would pass it");
    for (let n = 1; n <= 3; n++) assert.ok((await page.next()).includes(`08:00:0${n}`), `push ${n}`);
    assert.equal(await closed, 4008);
  });
});
