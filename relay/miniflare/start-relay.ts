/**
 * Builds the relay worker with esbuild and runs it in workerd through Miniflare on a real
 * 127.0.0.1 port, so real WebSocket clients can connect. Used by the local stack (`npm start`),
 * the relay's tests, the service's relay-client and end-to-end tests, and the fan-out benchmark.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";

const relayDir = fileURLToPath(new URL("..", import.meta.url));

/** Options of {@link startRelay}. */
export interface RelayOptions {
  /** `LIVE_PUSH_SECRET`; omitted, the binding is unset (every push is refused). */
  secret?: string;
  /** Origins for `LIVE_ALLOWED_ORIGINS`. */
  allowedOrigins: string[];
  /** A folder for Durable Object storage; a new relay on the same folder sees the same snapshots. */
  persistDir?: string;
  /** The port on 127.0.0.1; 0 (the default) takes a free one. */
  port?: number;
  /** `LIVE_POINTS_TICK_MS`; omitted, the relay's default (300 ms). */
  livePointsTickMs?: number;
  /** `LIVE_UNREAD_LIMIT_BYTES`; omitted, the relay's default (128 KiB past the first message since a ping). */
  unreadLimitBytes?: number;
  /** `LIVE_CHANNEL_SOCKETS` and `LIVE_SOCKETS_PER_ADDRESS`; omitted, the relay's defaults (5,000 and 1,000). */
  socketCaps?: { channel: number; perAddress: number };
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
    // As wrangler resolves packages (ipaddr.js has only `main`).
    mainFields: ["module", "main"],
    target: "es2022",
    external: ["cloudflare:*"],
    write: false,
    logLevel: "silent",
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

/** The compatibility date of `wrangler.toml`, so local runs get the runtime the deployment gets. */
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
  if (options.livePointsTickMs !== undefined)
    bindings["LIVE_POINTS_TICK_MS"] = String(options.livePointsTickMs);
  if (options.unreadLimitBytes !== undefined)
    bindings["LIVE_UNREAD_LIMIT_BYTES"] = String(options.unreadLimitBytes);
  if (options.socketCaps !== undefined) {
    bindings["LIVE_CHANNEL_SOCKETS"] = String(options.socketCaps.channel);
    bindings["LIVE_SOCKETS_PER_ADDRESS"] = String(options.socketCaps.perAddress);
  }
  const script = await bundleWorker();
  // Miniflare makes its temporary folder in the constructor, under os.tmpdir(), and removes it on
  // dispose without waiting (so a process that exits right after, as `npm start` does on Ctrl+C,
  // leaves a /tmp/miniflare-* behind). Constructed under a folder of our own, it is removed here.
  const ownTmp = mkdtempSync(join(tmpdir(), "relay-"));
  const mf = withTmpdir(
    ownTmp,
    () =>
      new Miniflare({
        modules: true,
        script,
        compatibilityDate: compatibilityDate(),
        // The same bindings and classes as wrangler.toml.
        durableObjects: {
          LIVE_CHANNEL: { className: "LiveChannel", useSQLite: true },
          ATTENDANCE_CHANNEL: { className: "AttendanceChannel", useSQLite: true },
          SCORE_LEASE: { className: "ScoreLease", useSQLite: true },
          DAY_DIRECTORY: { className: "DayDirectory", useSQLite: true },
        },
        durableObjectsPersist: options.persistDir ?? false,
        bindings,
        host: "127.0.0.1",
        port: options.port ?? 0,
      }),
  );
  const removeTmp = () => rmSync(ownTmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  let url: string;
  try {
    url = (await mf.ready).origin;
  } catch (error) {
    await mf.dispose().catch(() => {});
    removeTmp();
    throw error;
  }
  return {
    url,
    dispose: async () => {
      await mf.dispose();
      removeTmp();
    },
  };
}

/** Runs `make` with os.tmpdir() answering `folder` (it reads TMPDIR), synchronously. */
function withTmpdir<T>(folder: string, make: () => T): T {
  const before = process.env["TMPDIR"];
  process.env["TMPDIR"] = folder;
  try {
    return make();
  } finally {
    if (before === undefined) delete process.env["TMPDIR"];
    else process.env["TMPDIR"] = before;
  }
}
