/**
 * The fan-out measurement shared by the relay's benchmarks: open counting sockets on a channel,
 * push, and time each push until the last socket holds the message it caused.
 */
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import type { RelayOptions } from "../test/helpers.ts";
import { openCountingSocket } from "./counting-socket.ts";

export const ORIGIN = "https://pages.bench";
export const SECRET = "bench-secret";

/**
 * The relay the fan-out benchmarks start: their 2,000 counting sockets come from one address and
 * never ping, so the relay's cap per address and its unread limit (issue 35 M3: 1,000 and 128 KiB,
 * tried by their own test and `unread-sockets.ts`) are lifted, and what is measured is the fan-out;
 * each push still counts every socket's backlog as in production.
 */
export const FAN_OUT_RELAY: RelayOptions = {
  secret: SECRET,
  allowedOrigins: [ORIGIN],
  socketCaps: { channel: 5_000, perAddress: 5_000 },
  unreadLimitBytes: 2 ** 30,
};
const CONNECT_BATCH = 100;
const PUSH_DEADLINE_MS = 60_000;

export interface Figures {
  median: number;
  p99: number;
}

/** One push of a measurement: its body, and how a socket recognises the message it causes. */
export interface Push {
  text: string;
  /** Bytes found in the first bytes of the message. */
  marker: string;
  /** The message's length in bytes, when known beforehand (a whole snapshot sent as pushed). */
  bytes?: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Opens `count` counting sockets in batches; a socket holds a push when a whole message arrived
 * whose first bytes carry the push's marker (and, when given, of the pushed length).
 */
export async function openSockets(url: string, count: number) {
  const sockets: Socket[] = [];
  let marker = Buffer.alloc(0);
  let length: number | undefined;
  let holding = 0;
  let lastBytes = 0;
  let onAll: (() => void) | undefined;
  const onMessage = (bytes: number, head: Buffer) => {
    if ((length === undefined || bytes === length) && head.includes(marker)) {
      lastBytes = bytes;
      if (++holding === count) onAll?.();
    }
  };
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, () =>
      openCountingSocket(url, ORIGIN, onMessage),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return {
    /** Resolves with the message's byte count when every socket holds the message marked `next`. */
    expect(next: string, bytes?: number): Promise<number> {
      marker = Buffer.from(next);
      length = bytes;
      holding = 0;
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`only ${holding}/${count} sockets got ${next}`)),
          PUSH_DEADLINE_MS,
        );
        onAll = () => {
          clearTimeout(deadline);
          resolve(lastBytes);
        };
      });
    },
    close(): void {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** POSTs a push body with the bench secret, failing on anything but 200. */
export async function push(url: string, text: string): Promise<void> {
  const response = await fetch(url, { method: "POST", headers: { "x-publish-secret": SECRET }, body: text });
  if (!response.ok) throw new Error(`push answered ${response.status}: ${await response.text()}`);
}

/**
 * Pushes `pushes` bodies (after `warmup` more) and times push → last socket holding it, in ms.
 * `pushFor(n)` makes push number n, counting from 0 with the warm-up.
 */
export async function measure(
  pushUrl: string,
  socketUrl: string,
  count: number,
  rounds: { warmup: number; pushes: number },
  pushFor: (n: number) => Push,
): Promise<Figures> {
  const clients = await openSockets(socketUrl, count);
  const times: number[] = [];
  try {
    for (let n = 0; n < rounds.warmup + rounds.pushes; n++) {
      const { text, marker, bytes } = pushFor(n);
      const held = clients.expect(marker, bytes);
      const start = performance.now();
      await push(pushUrl, text);
      await held;
      if (n >= rounds.warmup) times.push(performance.now() - start);
    }
  } finally {
    clients.close();
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p99: percentile(times, 99) };
}
