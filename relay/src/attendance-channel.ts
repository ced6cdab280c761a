import { Channel } from "./channel.ts";
import type { Env } from "./env.ts";

/**
 * The nudge channel `attendance:<event>/<day>`: sends nothing on connect and stores nothing; a nudge
 * is broadcast as `{"type":"attendance","facility":…}` and carries nothing else.
 */
export class AttendanceChannel extends Channel<Env> {
  /** Broadcasts a nudge for `facility` and answers how many sockets received it. */
  nudge(facility: string): { clients: number } {
    return { clients: this.broadcast(JSON.stringify({ type: "attendance", facility })) };
  }
}
