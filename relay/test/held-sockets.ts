/**
 * Issue 35's M3 scene, shared by its test (./socket-limits.test.ts) and its benchmark
 * (../bench/unread-sockets.ts): a venue's NAT holding sockets that never read on a day's live
 * channel, a spectator who reads (and pings after each message, as the pages do), and pushes
 * timed from the push to the spectator reading them.
 */
import { performance } from "node:perf_hooks";
import { connect, type RunningRelay, type SocketClient } from "./helpers.ts";
import { openUnreadSocket, type UnreadSocket } from "./unread-sockets.ts";

/** Sockets opened at once while holding (the relay accepts them as fast; more at once only queue). */
const OPEN_BATCH = 100;

/** A snapshot of about `bytes` carrying `score`, marked by its `generatedAt`: 08:00 on 1 March 2026 plus `n` seconds. */
export function markedSnapshot(n: number, score = "", bytes = 20_000): string {
  const generatedAt = new Date(Date.UTC(2026, 2, 1, 8, 0, n)).toISOString();
  return JSON.stringify({ generatedAt, score, filler: "x".repeat(bytes) });
}

/** Pushes `text` to `day`'s channel (`POST /publish/...`); resolves with how many sockets it was sent to. */
export async function publish(relay: RunningRelay, secret: string, day: string, text: string) {
  const response = await fetch(`${relay.url}/publish/${day}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-publish-secret": secret },
    body: text,
  });
  if (response.status !== 200)
    throw new Error(`POST /publish answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { clients: number };
}

/**
 * Opens `perAddress` sockets that never read from each of `addresses` (as `CF-Connecting-IP`) on
 * `path`, in batches: a venue's NAT, its phones' public addresses.
 */
export async function holdUnreadSockets(
  url: string,
  path: string,
  origin: string,
  addresses: readonly string[],
  perAddress: number,
): Promise<UnreadSocket[]> {
  const held: UnreadSocket[] = [];
  for (const address of addresses) {
    for (let opened = 0; opened < perAddress; opened += OPEN_BATCH) {
      const batch = Math.min(OPEN_BATCH, perAddress - opened);
      held.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => openUnreadSocket(url, path, origin, address)),
        )),
      );
    }
  }
  return held;
}

/**
 * Opens `count` sockets that read every message but never ping, as a page would that reads and
 * never says so: the relay cannot tell them from sockets that do not read, so they wait with them.
 */
export function quietReaders(
  url: string,
  path: string,
  origin: string,
  count: number,
): Promise<SocketClient[]> {
  return Promise.all(Array.from({ length: count }, () => connect(url, path, origin)));
}

/** A spectator's socket that reads every message and pings after each, as the pages do. */
export interface ReadingSpectator {
  socket: SocketClient;
  /** The next message that is not a `pong`; pings once it is read. */
  read(): Promise<string>;
}

/**
 * Connects a {@link ReadingSpectator}: its keep-alive ping answered, so the relay knows it reads
 * before its first message, as it knows a page that read what it was sent on connect.
 */
export async function readingSpectator(url: string, path: string, origin: string): Promise<ReadingSpectator> {
  const socket = await connect(url, path, origin);
  socket.socket.send("ping");
  for (let message = await socket.next(); message !== "pong"; message = await socket.next()) {
    // What the channel sent on connect, before the pong: read.
  }
  return {
    socket,
    async read() {
      let message = await socket.next();
      while (message === "pong") message = await socket.next();
      socket.socket.send("ping");
      return message;
    },
  };
}

/** One push timed from its send: to the spectator reading it, and to the push's answer (the whole fan-out); the sockets it was sent to. */
export interface Delivery {
  /** Until the spectator read the message: the score reaching a spectator. */
  ms: number;
  /** Until the push was answered: the relay has sent it to every socket. */
  answeredMs: number;
  clients: number;
  message: string;
}

/**
 * Pushes `text` and waits until `spectator` reads it.
 * @throws Error when the message the spectator reads is not the one pushed.
 */
export async function timedPush(
  relay: RunningRelay,
  secret: string,
  day: string,
  spectator: ReadingSpectator,
  text: string,
): Promise<Delivery> {
  const started = performance.now();
  const since = <T>(promise: Promise<T>) =>
    promise.then((value) => ({ value, ms: performance.now() - started }));
  const [answer, read] = await Promise.all([
    since(publish(relay, secret, day, text)),
    since(spectator.read()),
  ]);
  const mark = JSON.parse(text).generatedAt as string;
  if (!read.value.includes(mark)) throw new Error(`the spectator read another message than ${mark}`);
  return { ms: read.ms, answeredMs: answer.ms, clients: answer.value.clients, message: read.value };
}
