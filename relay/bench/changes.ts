/**
 * What a page receives for one score change (issue 19), on the sync benchmark's day (8 facilities ×
 * 300 matches) in the real relay (workerd through Miniflare):
 * 1. bytes per socket: a socket that asks for changes (`?changes=1`) against one that asks for
 *    nothing and gets the whole snapshot, as every page did before (goal: ≤ 10 KB, ≥ 20× less);
 * 2. fan-out: 2,000 sockets asking for changes, one score change per push, push → last socket
 *    holding it (goal: p99 under 250 ms), beside 2,000 sockets getting the whole day in the same run.
 *
 * Run: node --import tsx relay/bench/changes.ts (or `npm run bench -- relay`)
 */
import { pathToFileURL } from "node:url";
import { announce, startRelay } from "../test/helpers.ts";
import { afterOneScore, benchDay, FACILITIES, MATCHES } from "./bench-day.ts";
import { openCountingSocket } from "./counting-socket.ts";
import { FAN_OUT_RELAY, type Figures, measure, ORIGIN, type Push, push, SECRET } from "./fan-out-measure.ts";

const SOCKETS = 2_000;
const ROUNDS = { warmup: 2, pushes: 20 };
const KB = 1024;

/** The day after each push: the first is the whole day, every later one changes one score. */
function dayPushes() {
  const days = [benchDay()];
  return (n: number) => {
    while (days.length <= n) days.push(afterOneScore(days.at(-1)!, days.length));
    return days[n]!;
  };
}

/** Bytes one socket of each kind receives for one score change after it holds the day. */
async function bytesPerSocket(): Promise<{ whole: number; changes: number }> {
  const relay = await startRelay({ ...FAN_OUT_RELAY });
  try {
    const day = dayPushes();
    const received = { whole: [] as number[], changes: [] as number[] };
    await announce(relay.url, SECRET, ["bench/bytes"]);
    const url = `${relay.url.replace(/^http/, "ws")}/live/bench/bytes`;
    const sockets = [
      await openCountingSocket(url, ORIGIN, (bytes) => received.whole.push(bytes)),
      await openCountingSocket(`${url}?changes=1`, ORIGIN, (bytes) => received.changes.push(bytes)),
    ];
    for (const n of [0, 1]) {
      await push(`${relay.url}/publish/bench/bytes`, JSON.stringify(day(n)));
      while (received.whole.length <= n || received.changes.length <= n) await sleep(5);
    }
    for (const socket of sockets) socket.destroy();
    return { whole: received.whole[1]!, changes: received.changes[1]! };
  } finally {
    await relay.dispose();
  }
}

/** 2,000 sockets of one kind, each push one score change later than the one before. */
async function fanOut(askForChanges: boolean): Promise<Figures> {
  const relay = await startRelay({ ...FAN_OUT_RELAY });
  try {
    const day = dayPushes();
    const channel = askForChanges ? "changes" : "whole";
    const socketUrl = `${relay.url.replace(/^http/, "ws")}/live/bench/${channel}${askForChanges ? "?changes=1" : ""}`;
    // The channel's first push is the whole day; each measured push is one score change on top of it.
    await push(`${relay.url}/publish/bench/${channel}`, JSON.stringify(day(0)));
    const pushFor = (n: number): Push => {
      const next = day(n + 1);
      const text = JSON.stringify(next);
      return askForChanges
        ? { text, marker: `"seq":${n + 2},` }
        : { text, marker: next.generatedAt, bytes: Buffer.byteLength(text) };
    };
    return await measure(`${relay.url}/publish/bench/${channel}`, socketUrl, SOCKETS, ROUNDS, pushFor);
  } finally {
    await relay.dispose();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Runs the benchmark and prints the figures. */
export async function main(): Promise<void> {
  const dayKb = Buffer.byteLength(JSON.stringify(benchDay())) / KB;
  console.log(
    `one score change on the sync benchmark's day (${FACILITIES} facilities × ${MATCHES} matches, ${dayKb.toFixed(0)} KB):`,
  );
  const bytes = await bytesPerSocket();
  console.log(
    `  bytes per socket: changes ${(bytes.changes / KB).toFixed(2)} KB, whole snapshot ${(bytes.whole / KB).toFixed(1)} KB` +
      ` (baseline); ${(bytes.whole / bytes.changes).toFixed(0)}× less (goal: ≤ 10 KB and ≥ 20× less)`,
  );
  const changes = await fanOut(true);
  console.log(
    `  relay, ${SOCKETS} sockets asking for changes:  median ${fmt(changes.median)}  p99 ${fmt(changes.p99)}  (goal: p99 under 250 ms)`,
  );
  const whole = await fanOut(false);
  console.log(
    `  relay, ${SOCKETS} sockets getting the whole day (baseline): median ${fmt(whole.median)}  p99 ${fmt(whole.p99)}`,
  );
  console.log(`  ratio changes/whole: p99 ${(changes.p99 / whole.p99).toFixed(2)}x`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
