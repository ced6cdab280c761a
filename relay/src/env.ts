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
}
