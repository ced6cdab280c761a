/**
 * Fan-out benchmark of the relay (issue 5): 2,000 WebSocket clients on one channel in workerd
 * (Miniflare); time from a push to the last socket holding it, median and p99 over 20 pushes of a
 * ~200 KB snapshot, against baselines measured in the same run. Then the service-side cost of a
 * nudge while the relay is down and the nudge is in its cool-down.
 *
 * Every figure uses the same receivers: counting sockets (./counting-socket.ts), so that what is
 * measured is the relay, not the cost of 2,000 general-purpose clients in one Node process.
 *
 * Run: node --import tsx relay/bench/fanout.ts
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { createRelayClient } from "../../service/src/adapters/relay-client/index.ts";
import { systemClock } from "../../service/src/shared/clock.ts";
import { announce, startRelay } from "../test/helpers.ts";
import { FAN_OUT_RELAY, type Figures, measure, type Push, SECRET } from "./fan-out-measure.ts";

const SOCKETS = 2_000;
const PUSHES = 20;
const WARMUP_PUSHES = 2;
const SNAPSHOT_BYTES = 200 * 1024;
const NUDGE_CALLS = 100_000;

/** A plain Node `ws` server with the relay's push path, run as a separate process like workerd. */
const NODE_WS_SERVER = `
const http = require("node:http");
const { WebSocketServer } = require("ws");
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const text = Buffer.concat(chunks).toString();
    let clients = 0;
    for (const socket of wss.clients) { socket.send(text); clients++; }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ clients }));
  });
});
const wss = new WebSocketServer({ server });
server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
`;

/** A snapshot of about `bytes` whose first member is `generatedAt`, so receivers spot it cheaply. */
function snapshotText(generatedAt: string, bytes: number): string {
  const row =
    "17,2026-03-01,09:30,Court 4,MD,R32,ABC01,Alpha One / Alpha Two,XYZ02,Zulu One / Zulu Two,21,19,Ref\n";
  const matchesCsv =
    "matchNumber,date,time,court,category,round,teamCode1,team1,teamCode2,team2,team1Score,team2Score,referee\n";
  const body = matchesCsv + row.repeat(Math.ceil(bytes / row.length));
  return JSON.stringify({ generatedAt, event: "bench", day: "day-1", facilities: [], matchesCsv: body });
}

/** Push number n: a ~200 KB snapshot marked by its `generatedAt`, sent to every socket as pushed. */
function wholePush(n: number): Push {
  const generatedAt = new Date(Date.UTC(2026, 2, 1, 8, 0, n)).toISOString();
  const text = snapshotText(generatedAt, SNAPSHOT_BYTES);
  return { text, marker: generatedAt, bytes: Buffer.byteLength(text) };
}

const ROUNDS = { warmup: WARMUP_PUSHES, pushes: PUSHES };

async function relayFanOut(count: number, day: string): Promise<Figures> {
  const relay = await startRelay({ ...FAN_OUT_RELAY });
  try {
    await announce(relay.url, SECRET, [`bench/${day}`]);
    const socketUrl = `${relay.url.replace(/^http/, "ws")}/live/bench/${day}`;
    return await measure(`${relay.url}/publish/bench/${day}`, socketUrl, count, ROUNDS, wholePush);
  } finally {
    await relay.dispose();
  }
}

async function nodeWsFanOut(count: number): Promise<Figures> {
  const child: ChildProcess = spawn(process.execPath, ["-e", NODE_WS_SERVER], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout?.once("data", (data: Buffer) => resolve(data.toString().trim()));
      child.once("exit", (code) => reject(new Error(`node ws server exited with ${code}`)));
    });
    return await measure(
      `http://127.0.0.1:${port}/publish`,
      `ws://127.0.0.1:${port}/`,
      count,
      ROUNDS,
      wholePush,
    );
  } finally {
    child.kill();
  }
}

/** µs per call of an awaited nudge during the cool-down, and of an awaited no-op. */
async function nudgeCost(): Promise<{ nudge: number; noop: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const relay = createRelayClient({
    baseUrl: `http://127.0.0.1:${port}`,
    secret: SECRET,
    pushTimeoutMs: 1_000,
    clock: systemClock,
    logger: { warn: () => {} },
  });
  await relay.nudge("bench", "day-1", "Hall A"); // fails: the relay is down, the cool-down starts
  const noop = async (_event: string, _day: string, _facility: string): Promise<void> => {};
  const time = async (call: (event: string, day: string, facility: string) => Promise<void>) => {
    const start = performance.now();
    for (let i = 0; i < NUDGE_CALLS; i++) await call("bench", "day-1", "Hall A");
    return ((performance.now() - start) * 1000) / NUDGE_CALLS;
  };
  await time(noop);
  await time((e, d, f) => relay.nudge(e, d, f));
  return { noop: await time(noop), nudge: await time((e, d, f) => relay.nudge(e, d, f)) };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Runs the benchmark and prints the figures. */
export async function main(): Promise<void> {
  const kb = Math.round(snapshotText(new Date(0).toISOString(), SNAPSHOT_BYTES).length / 1024);
  console.log(`relay fan-out: ${PUSHES} pushes of a ${kb} KB snapshot (after ${WARMUP_PUSHES} warm-up)`);
  const many = await relayFanOut(SOCKETS, "day-1");
  console.log(
    `  relay, ${SOCKETS} sockets:      median ${fmt(many.median)}  p99 ${fmt(many.p99)}  (goal: p99 under 250 ms)`,
  );
  const one = await relayFanOut(1, "day-2");
  console.log(`  relay, 1 socket (baseline): median ${fmt(one.median)}  p99 ${fmt(one.p99)}`);
  const node = await nodeWsFanOut(SOCKETS);
  console.log(`  node ws, ${SOCKETS} sockets (baseline): median ${fmt(node.median)}  p99 ${fmt(node.p99)}`);
  console.log(
    `  ratio relay/node ws: median ${(many.median / node.median).toFixed(2)}x  p99 ${(many.p99 / node.p99).toFixed(2)}x`,
  );
  console.log(`  ratio ${SOCKETS} sockets/1 socket: median ${(many.median / one.median).toFixed(1)}x`);
  const cost = await nudgeCost();
  console.log(`nudge while the relay is down, in the cool-down (${NUDGE_CALLS} awaited calls):`);
  console.log(
    `  ${cost.nudge.toFixed(3)} µs per call; no-op baseline ${cost.noop.toFixed(3)} µs; ratio ${(cost.nudge / cost.noop).toFixed(1)}x`,
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
