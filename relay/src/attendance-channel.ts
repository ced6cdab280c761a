import { Channel } from "./channel.ts";
import type { Env } from "./env.ts";

/**
 * The nudge channel `attendance:<event>/<day>`: sends nothing on connect and stores nothing; a nudge
 * is broadcast as `{"type":"attendance","facility":…}` and carries nothing else.
 */
export class AttendanceChannel extends Channel<Env> {
  /** Broadcasts a nudge for `facility` and answers how many sockets received it. */
  async nudge(facility: string): Promise<{ clients: number }> {
    return { clients: await this.broadcast(JSON.stringify({ type: "attendance", facility })) };
  }
}
