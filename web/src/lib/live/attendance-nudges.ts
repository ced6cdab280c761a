/**
 * A day's attendance nudges: the relay's socket `attendance/<event>/<day>`, which sends nothing on
 * connect and then `{"type":"attendance","facility":…}` after each write to a facility's list (no
 * person, no state: the page re-reads the list through the API), and the relay's notices of
 * revoked links.
 */
import { isNoticeMessage } from "@tournament-ops/relay/notices";
import { openReconnectingSocket, type SocketEnvironment, type SocketOptions } from "./reconnecting-socket.ts";

export interface NudgeOptions {
  env: SocketEnvironment;
  liveUrl: URL;
  event: string;
  day: string;
  /** A facility's list changed. */
  onNudge(facility: string): void;
  /** The relay's notice that links of the day were revoked (`@tournament-ops/relay/notices`). */
  onRevoked?(linkIds: readonly string[]): void;
  /** The socket opened again after it was down: nudges may have been missed meanwhile. */
  onReopen(): void;
  /** The socket is open (`true`) or down (`false`). */
  onConnected?(connected: boolean): void;
  socket?: SocketOptions;
}

/**
 * Follows the nudges until `close()`.
 * @example const nudges = followNudges({ env, liveUrl, event, day, onNudge: (f) => f === shown && reads.request("nudge"), onReopen });
 */
export function followNudges(options: NudgeOptions): { close(): void } {
  let opened = false;
  const path = `attendance/${encodeURIComponent(options.event)}/${encodeURIComponent(options.day)}`;
  return openReconnectingSocket(
    new URL(path, options.liveUrl).href,
    {
      open() {
        options.onConnected?.(true);
        if (opened) options.onReopen();
        opened = true;
      },
      down() {
        options.onConnected?.(false);
      },
      message(text) {
        let message: unknown;
        try {
          message = JSON.parse(text);
        } catch {
          return;
        }
        if (isNoticeMessage(message)) {
          if (message.revoked !== undefined) options.onRevoked?.(message.revoked);
          return;
        }
        const { type, facility } = (message ?? {}) as { type?: unknown; facility?: unknown };
        if (type === "attendance" && typeof facility === "string") options.onNudge(facility);
      },
    },
    options.env,
    options.socket,
  );
}
