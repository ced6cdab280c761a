/**
 * Builds the relay worker with esbuild and runs it in workerd through Miniflare on a real
 * 127.0.0.1 port, so real WebSocket clients can connect. Used by the relay's tests, the service's
 * relay-client tests and end-to-end tests, and the fan-out benchmark.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import WebSocket from "ws";

const relayDir = fileURLToPath(new URL("..", import.meta.url));

/** Options of {@link startRelay}. */
export interface RelayOptions {
  /** `LIVE_PUSH_SECRET`; omitted, the binding is unset (every push is refused). */
  secret?: string;
  /** Origins for `LIVE_ALLOWED_ORIGINS`. */
  allowedOrigins: string[];
  /** A folder for Durable Object storage; a new relay on the same folder sees the same snapshots. */
  persistDir?: string;
}

/** A running relay. */
export interface RunningRelay {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** Stops workerd. */
  dispose(): Promise<void>;
}

let bundle: Promise<string> | undefined;

/** The worker bundled once per process, as wrangler would (`cloudflare:` modules left to workerd). */
function bundleWorker(): Promise<string> {
  bundle ??= build({
    entryPoints: [`${relayDir}/src/index.ts`],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    external: ["cloudflare:*"],
    write: false,
    logLevel: "silent",
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

/** The compatibility date of `wrangler.toml`, so tests run the runtime the deployment gets. */
function compatibilityDate(): string {
  const toml = readFileSync(`${relayDir}/wrangler.toml`, "utf8");
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (date === undefined) throw new Error("relay/wrangler.toml has no compatibility_date");
  return date;
}

/**
 * Starts the relay in workerd.
 * @example
 * const relay = await startRelay({ secret: "s3cret", allowedOrigins: ["https://pages.test"] });
 * try { … fetch(`${relay.url}/health`) … } finally { await relay.dispose(); }
 */
export async function startRelay(options: RelayOptions): Promise<RunningRelay> {
  const bindings: Record<string, string> = { LIVE_ALLOWED_ORIGINS: options.allowedOrigins.join(",") };
  if (options.secret !== undefined) bindings["LIVE_PUSH_SECRET"] = options.secret;
  const mf = new Miniflare({
    modules: true,
    script: await bundleWorker(),
    compatibilityDate: compatibilityDate(),
    // The same bindings and classes as wrangler.toml.
    durableObjects: {
      LIVE_CHANNEL: { className: "LiveChannel", useSQLite: true },
      ATTENDANCE_CHANNEL: { className: "AttendanceChannel", useSQLite: true },
    },
    durableObjectsPersist: options.persistDir ?? false,
    bindings,
    host: "127.0.0.1",
    port: 0,
  });
  const url = (await mf.ready).origin;
  return { url, dispose: () => mf.dispose() };
}

/** A WebSocket client that queues what it receives, so a test can await messages in order. */
export interface SocketClient {
  socket: WebSocket;
  /** The next text message, in arrival order. */
  next(): Promise<string>;
  /** Closes the socket and waits until it is closed. */
  close(): Promise<void>;
}

/**
 * Opens a socket on the relay and waits until it is open.
 * @throws Error with the status and body when the relay refuses the upgrade.
 */
export function connect(url: string, path: string, origin?: string): Promise<SocketClient> {
  const socket = new WebSocket(
    `${url.replace(/^http/, "ws")}${path}`,
    origin === undefined ? {} : { origin },
  );
  const queue: string[] = [];
  const waiting: Array<(message: string) => void> = [];
  socket.on("message", (data: WebSocket.RawData) => {
    const message = data.toString();
    const waiter = waiting.shift();
    if (waiter === undefined) queue.push(message);
    else waiter(message);
  });
  const client: SocketClient = {
    socket,
    next: () => {
      const queued = queue.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once("close", () => resolve());
        socket.close();
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(client));
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on("end", () => {
        socket.terminate();
        reject(new RefusedUpgrade(response.statusCode ?? 0, body));
      });
    });
  });
}

/** An upgrade the relay answered with an HTTP error instead of 101. */
export class RefusedUpgrade extends Error {
  override readonly name = "RefusedUpgrade";
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused with ${status}: ${body}`);
  }
}
