/**
 * Live points through the relay (issue 38): 2,000 sockets asking for live points on one day's
 * channel and 48 matches in play, each scoring one point a second, in the real relay (workerd
 * through Miniflare), for {@link MEASURE_S} seconds after {@link WARMUP_S} of warm-up:
 *
 * - per message: from the moment the latest point it carries was sent to the relay, to each
 *   socket holding it (p50, p99 over every socket and message; goal p99 ≤ 250 ms);
 * - per point: from its send to each socket holding it, its wait for the tick included;
 * - messages per socket: the most any socket received in any one second (goal ≤ 4), and the mean.
 *
 * Beside the baseline measured in the same run: the same relay, sockets and points with the tick
 * at 0 (`LIVE_POINTS_TICK_MS=0`): every point sent on its own, as a relay without batching would.
 * The receivers are counting sockets (./counting-socket.ts: each message's arrival, no parsing);
 * one more socket, a `ws` client, reads what each message carries (every socket gets the same
 * messages in the same order).
 *
 * Run: node --import tsx relay/bench/live-points.ts (or `npm run bench -- live`)
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import type { LivePointsMessage } from "../src/live-points/index.ts";
import { announce, startRelay } from "../test/helpers.ts";
import { openCountingSocket } from "./counting-socket.ts";
import { ORIGIN, percentile, SECRET } from "./fan-out-measure.ts";

const SOCKETS = 2_000;
const MATCHES = 48;
const WARMUP_S = 3;
const MEASURE_S = 10;
const CONNECT_BATCH = 100;
const DRAIN_MS = 30_000;

export interface LiveFigures {
  tickMs: number;
  message: { p50: number; p99: number };
  point: { p50: number; p99: number };
  /** The most messages any socket received in any one second, and the mean per socket per second. */
  perSocket: { most: number; mean: number };
  messages: number;
  /** Points whose send failed. */
  failed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The most of `times` (sorted) that fall within any one second. */
function mostInASecond(times: readonly number[]): number {
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= 1_000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

async function run(tickMs: number): Promise<LiveFigures> {
  const relay = await startRelay({
    secret: SECRET,
    allowedOrigins: [ORIGIN],
    livePointsTickMs: tickMs,
    // Every socket here comes from 127.0.0.1, where a hall's phones each have their own address:
    // the relay's 1,000 per address would refuse the second thousand (429).
    // (The channel's cap stays the relay's 5,000.)
    socketCaps: { channel: 5_000, perAddress: SOCKETS + 1 },
  });
  const day = `live-${tickMs}`;
  try {
    await announce(relay.url, SECRET, [`bench/${day}`]);
    const socketUrl = `${relay.url.replace(/^http/, "ws")}/live/bench/${day}?live=1`;
    const arrivals: number[][] = Array.from({ length: SOCKETS }, () => []);
    const sockets = [];
    for (let start = 0; start < SOCKETS; start += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, SOCKETS - start) }, (_, i) => {
        const mine = arrivals[start + i] as number[];
        return openCountingSocket(socketUrl, ORIGIN, () => mine.push(performance.now()));
      });
      sockets.push(...(await Promise.all(batch)));
    }
    const carried: Array<Array<[number, number]>> = [];
    const probe = new WebSocket(socketUrl, { origin: ORIGIN });
    probe.on("message", (data) => {
      const message = JSON.parse(String(data)) as LivePointsMessage;
      carried.push(message.points.map((p) => [Number(p.matchNumber), p.seq]));
    });
    await new Promise((resolve, reject) => probe.once("open", resolve).once("error", reject));

    // 48 matches, each one point a second, spread evenly over the second.
    const sentAt = Array.from({ length: MATCHES }, () => new Map<number, number>());
    const started = performance.now();
    const until = started + (WARMUP_S + MEASURE_S) * 1_000;
    const posts: Promise<void>[] = [];
    /** Points the relay refused, or whose connection it dropped (a relay past what it can carry). */
    let failed = 0;
    const timers = Array.from({ length: MATCHES }, (_, match) => {
      let seq = 0;
      const send = () => {
        seq++;
        const body = JSON.stringify({
          facility: "Hall",
          matchNumber: String(match),
          seq,
          team1Points: seq % 30,
          team2Points: 0,
        });
        sentAt[match]?.set(seq, performance.now());
        posts.push(
          fetch(`${relay.url}/points/bench/${day}`, {
            method: "POST",
            headers: { "x-publish-secret": SECRET },
            body,
          })
            .then(async (answer) => {
              await answer.arrayBuffer();
              if (!answer.ok) failed++;
            })
            .catch(() => {
              failed++;
            }),
        );
      };
      return setTimeout(
        function tick() {
          if (performance.now() >= until) return;
          send();
          timers[match] = setTimeout(
            tick,
            1_000 - ((performance.now() - started) % 1_000) + (match * 1_000) / MATCHES,
          );
        },
        (match * 1_000) / MATCHES,
      );
    });
    while (performance.now() < until) await sleep(100);
    for (const timer of timers) clearTimeout(timer);
    await Promise.all(posts);
    const drainUntil = performance.now() + DRAIN_MS;
    while (arrivals.some((times) => times.length < carried.length) && performance.now() < drainUntil)
      await sleep(50);
    probe.close();
    for (const socket of sockets) socket.destroy();

    // The measured messages: those whose points were all sent after the warm-up.
    const from = started + WARMUP_S * 1_000;
    const messageTimes: number[] = [];
    const pointTimes: number[] = [];
    const measured: number[] = [];
    carried.forEach((points, n) => {
      const sends = points.map(([match, seq]) => sentAt[match]?.get(seq) ?? Number.NaN);
      if (sends.length === 0 || sends.some((at) => !(at >= from))) return;
      measured.push(n);
      const latest = Math.max(...sends);
      for (const times of arrivals) {
        const at = times[n];
        if (at === undefined) continue;
        messageTimes.push(at - latest);
        for (const sent of sends) pointTimes.push(at - sent);
      }
    });
    if (measured.length === 0) throw new Error("no message was measured");
    const window = [arrivals[0]?.[measured[0] as number] ?? 0, arrivals[0]?.[measured.at(-1) as number] ?? 0];
    let most = 0;
    let total = 0;
    for (const times of arrivals) {
      const inWindow = times.filter((at) => at >= (window[0] as number) && at <= (window[1] as number));
      most = Math.max(most, mostInASecond(inWindow));
      total += inWindow.length;
    }
    const seconds = Math.max(1, ((window[1] as number) - (window[0] as number)) / 1_000);
    messageTimes.sort((a, b) => a - b);
    pointTimes.sort((a, b) => a - b);
    return {
      tickMs,
      message: { p50: percentile(messageTimes, 50), p99: percentile(messageTimes, 99) },
      point: { p50: percentile(pointTimes, 50), p99: percentile(pointTimes, 99) },
      perSocket: { most, mean: total / SOCKETS / seconds },
      messages: measured.length,
      failed,
    };
  } finally {
    await relay.dispose();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

function line(label: string, figures: LiveFigures): string {
  return (
    `${label.padEnd(34)} per message p50 ${ms(figures.message.p50)}, p99 ${ms(figures.message.p99)}; ` +
    `per point p50 ${ms(figures.point.p50)}, p99 ${ms(figures.point.p99)}; ` +
    `per socket at most ${figures.perSocket.most} messages in a second (mean ${figures.perSocket.mean.toFixed(1)}/s); ` +
    `${figures.messages} messages measured; ${figures.failed} points failed to send`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(
    `${SOCKETS} sockets asking for live points, ${MATCHES} matches in play at one point a second each, ${MEASURE_S} s measured after ${WARMUP_S} s`,
  );
  const batched = await run(300);
  console.log(line("batched per tick (300 ms)", batched));
  const baseline = await run(0);
  console.log(line("baseline: every point on its own", baseline));
  console.log(
    `messages per socket: ${(baseline.perSocket.mean / batched.perSocket.mean).toFixed(1)}x fewer batched; ` +
      `per-message p99 ${(batched.message.p99 / baseline.message.p99).toFixed(2)}x the baseline's`,
  );
  const met = batched.message.p99 <= 250 && batched.perSocket.most <= 4;
  console.log(
    `goals (per-message p99 <= 250 ms, at most 4 messages a second per socket): ${met ? "met" : "NOT met"}`,
  );
}
