import type { AttendanceChannel } from "./attendance-channel.ts";
import type { DayDirectory } from "./day-directory.ts";
import type { LiveChannel } from "./live-channel.ts";
import type { ScoreLease } from "./score-lease.ts";

/** The worker's bindings, as `wrangler.toml` declares them. */
export interface Env {
  LIVE_CHANNEL: DurableObjectNamespace<LiveChannel>;
  ATTENDANCE_CHANNEL: DurableObjectNamespace<AttendanceChannel>;
  SCORE_LEASE: DurableObjectNamespace<ScoreLease>;
  /** One object, `days`: the days the service announced (`day-directory.ts`). */
  DAY_DIRECTORY: DurableObjectNamespace<DayDirectory>;
  /** Set with `wrangler secret put LIVE_PUSH_SECRET`; unset, every push and nudge is refused. */
  LIVE_PUSH_SECRET?: string;
  /** Comma-separated origins allowed to open sockets; unset, no socket is accepted. */
  LIVE_ALLOWED_ORIGINS?: string;
  /**
   * The live points' tick in milliseconds, 0 to 1000 (default {@link LIVE_POINTS_TICK_MS}): a
   * socket gets at most one live-points message per tick; 0 sends every point on its own.
   */
  LIVE_POINTS_TICK_MS?: string;
  /**
   * Bytes sent to a socket since its page's last `ping`, beyond the first message since then, past
   * which it is closed (default `UNREAD_LIMIT_BYTES` of `socket-limits.ts`, 128 KiB; at least 1024).
   * Tests lower it.
   */
  LIVE_UNREAD_LIMIT_BYTES?: string;
  /** Sockets one channel accepts (default `CHANNEL_SOCKETS` of `socket-limits.ts`, 5,000). Tests lower it. */
  LIVE_CHANNEL_SOCKETS?: string;
  /** Sockets one address may hold on one channel (default `SOCKETS_PER_ADDRESS`, 1,000). Tests lower it. */
  LIVE_SOCKETS_PER_ADDRESS?: string;
}

/** The live points' tick: at most 1000 / 300 ≈ 3.3 messages a second per socket, a point waiting at most 300 ms. */
export const LIVE_POINTS_TICK_MS = 300;

/** The tick `LIVE_POINTS_TICK_MS` sets, or the default when it is unset or not a whole number 0 to 1000. */
export function livePointsTickMs(env: Env): number {
  const text = env.LIVE_POINTS_TICK_MS?.trim() ?? "";
  const value = Number(text);
  return text !== "" && Number.isInteger(value) && value >= 0 && value <= 1000 ? value : LIVE_POINTS_TICK_MS;
}
