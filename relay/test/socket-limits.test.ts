// Issue 35, M3: phones reach the relay directly in production, so the relay itself bounds what a
// hostile page holds. In workerd through Miniflare, over real sockets: 3,000 sockets that never
// read are closed once their backlog passes the unread limit (lowered here to 64 KiB, half the
// production 128 KiB), while a spectator that reads and pings keeps its socket and gets every push
// before the sockets that have not shown they read (relay/src/outbox.ts); one address past its cap and a channel past its cap are refused (on a second relay
// whose caps are lowered through their settings, so the refusals cost hundreds of sockets, not 6,000).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  holdUnreadSockets,
  markedSnapshot,
  quietReaders,
  readingSpectator,
  timedPush,
} from "./held-sockets.ts";
import { announce, type RunningRelay, type SocketClient, startRelay } from "./helpers.ts";
import { openUnreadSocket, type UnreadSocket } from "./unread-sockets.ts";

const SECRET = "test-push-secret";
const ORIGIN = "https://pages.test";
const DAY = "open-2026/day-1";
/** A day of its own for the channel cap, so no socket of the other tests is on it. */
const FULL_DAY = "open-2026/day-2";
const LIMIT = 64 * 1024;
/** The second relay's caps: the same rule as the defaults (5,000 and 1,000), at a tenth of the sockets. */
const CAPS = { channel: 300, perAddress: 100 };
/** A venue's NAT: three public addresses, 1,000 sockets each (the per-address cap). */
const NAT = ["203.0.113.1", "203.0.113.2", "203.0.113.3"];

describe("M3: sockets that do not read are closed; a reading spectator is served", () => {
  let relay: RunningRelay;
  let capped: RunningRelay;
  const unread: UnreadSocket[] = [];

  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN], unreadLimitBytes: LIMIT });
    await announce(relay.url, SECRET, [DAY, FULL_DAY]);
    capped = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN], socketCaps: CAPS });
    await announce(capped.url, SECRET, [DAY, FULL_DAY]);
  });

  after(async () => {
    for (const { socket } of unread) socket.destroy();
    await relay?.dispose();
    await capped?.dispose();
  });

  it("3,000 non-reading sockets closed past the limit; the score reaches the spectator who reads", async (t) => {
    unread.push(...(await holdUnreadSockets(relay.url, `/live/${DAY}`, ORIGIN, NAT, 1000)));
    // The default cap per address (1,000) holds on this relay: one more from the first address is refused.
    await assert.rejects(
      openUnreadSocket(relay.url, `/live/${DAY}`, ORIGIN, "203.0.113.1"),
      /HTTP\/1\.1 429/,
    );
    // Snapshots of about 20 KB: the first is free, three more (60 KB) are within the limit, and the
    // fifth would pass it, so it is not sent. Beside the spectator, 20 sockets that read but never
    // ping (10 opened before it, 10 after, whatever order the runtime lists them in): which of them
    // reads a push first tells whether the spectator was written before the sockets that have not
    // shown they read, as a spectator's phone is never to wait for 3,000 that never read.
    const quiet = await quietReaders(relay.url, `/live/${DAY}`, ORIGIN, 10);
    const spectator = await readingSpectator(relay.url, `/live/${DAY}`, ORIGIN);
    quiet.push(...(await quietReaders(relay.url, `/live/${DAY}`, ORIGIN, 10)));
    const arrivals = arrivalOrder(spectator.socket, quiet);
    const quietClosed = quiet.map((reader) => closeCode(reader));
    const reached: number[] = [];
    const times: string[] = [];
    const firstReaders: string[] = [];
    for (let n = 1; n <= 5; n++) {
      arrivals.splice(0);
      const delivery = await timedPush(relay, SECRET, DAY, spectator, markedSnapshot(n));
      if (n <= 4) await Promise.all(quiet.map((reader) => reader.next()));
      reached.push(delivery.clients);
      times.push(`${delivery.ms.toFixed(0)} (answered ${delivery.answeredMs.toFixed(0)})`);
      firstReaders.push(arrivals[0] ?? "none");
    }
    const scored = await timedPush(relay, SECRET, DAY, spectator, markedSnapshot(6, "21-19"));
    t.diagnostic(`pushes 1–5, the non-readers held, reached the spectator in ${times.join(", ")} ms`);
    t.diagnostic(`the score reached the reading spectator ${scored.ms.toFixed(0)} ms after its push`);
    assert.deepEqual(
      reached.slice(0, 4),
      [3021, 3021, 3021, 3021],
      "every socket is sent the first four (the first free, then 60 KB)",
    );
    assert.equal(
      reached[4],
      1,
      "past 64 KiB unread, the sockets that never pinged are closed: only the spectator is sent the fifth",
    );
    assert.deepEqual(
      firstReaders,
      Array(5).fill("spectator"),
      "each push read by the spectator before any of the 20 readers that never pinged: written before all 3,020",
    );
    assert.deepEqual(await Promise.all(quietClosed), Array(20).fill(4008), "the quiet readers closed too");
    assert.equal(scored.clients, 1, "the non-reading sockets are no longer sent anything");
    assert.equal(JSON.parse(scored.message).score, "21-19", "delivered");
    const codes = await Promise.all(unread.splice(0, 3000).map(({ drain }) => drain()));
    assert.equal(
      codes.filter((code) => code === 4008).length,
      3000,
      "each non-reading socket got its close (4008)",
    );
    await spectator.socket.close();
  });

  it("past its cap of sockets from one address: 429 rate_limited; another address is still served", async () => {
    const held = await Promise.all(
      Array.from({ length: CAPS.perAddress }, () =>
        openUnreadSocket(capped.url, `/live/${DAY}`, ORIGIN, "198.51.100.7"),
      ),
    );
    unread.push(...held);
    await assert.rejects(
      openUnreadSocket(capped.url, `/live/${DAY}`, ORIGIN, "198.51.100.7"),
      /HTTP\/1\.1 429/,
    );
    const other = await openUnreadSocket(capped.url, `/live/${DAY}`, ORIGIN, "198.51.100.8");
    unread.push(other);
    // IPv6 by its /64: a phone's privacy addresses are one client.
    const v6 = await Promise.all(
      Array.from({ length: CAPS.perAddress }, (_, i) =>
        openUnreadSocket(capped.url, `/attendance/${DAY}`, ORIGIN, `2001:db8:1:2::${(i + 1).toString(16)}`),
      ),
    );
    unread.push(...v6);
    await assert.rejects(
      openUnreadSocket(capped.url, `/attendance/${DAY}`, ORIGIN, "2001:db8:1:2:ffff::1"),
      /HTTP\/1\.1 429/,
    );
    for (const { socket } of unread.splice(0)) socket.destroy();
  });

  it("past its cap of sockets on one channel: 503 channel_full", async () => {
    for (let address = 1; address <= CAPS.channel / CAPS.perAddress; address++) {
      unread.push(
        ...(await Promise.all(
          Array.from({ length: CAPS.perAddress }, () =>
            openUnreadSocket(capped.url, `/attendance/${FULL_DAY}`, ORIGIN, `192.0.2.${address}`),
          ),
        )),
      );
    }
    await assert.rejects(
      openUnreadSocket(capped.url, `/attendance/${FULL_DAY}`, ORIGIN, "192.0.2.99"),
      /HTTP\/1\.1 503/,
    );
    for (const { socket } of unread.splice(0)) socket.destroy();
  });
});

/** Who reads each message, in arrival order: `spectator` or `quiet` (pongs left out). */
function arrivalOrder(spectator: SocketClient, quiet: SocketClient[]): string[] {
  const arrivals: string[] = [];
  const watch = (client: SocketClient, name: string) =>
    client.socket.on("message", (data) => {
      if (data.toString() !== "pong") arrivals.push(name);
    });
  watch(spectator, "spectator");
  for (const reader of quiet) watch(reader, "quiet");
  return arrivals;
}

/** The close code the relay sent to `client`, once it closes. */
function closeCode(client: SocketClient): Promise<number> {
  return new Promise((resolve) => client.socket.once("close", (code) => resolve(code)));
}
