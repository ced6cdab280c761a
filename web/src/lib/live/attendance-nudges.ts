/**
 * The relay's attendance channel of a day (`/attendance/<event>/<day>`): a nudge
 * `{ "type": "attendance", "facility": <name> }` after each change to a facility's attendance
 * list. It carries no person; a page re-reads that facility's list through the API.
 */
import { openReconnectingSocket } from "./reconnecting-socket.ts";

export interface AttendanceNudgeHandlers {
  /** A facility's list changed. */
  nudge(facility: string): void;
  /** The socket opened again after being down: nudges may have been missed. */
  reopened(): void;
}

/** Follows a day's nudges until `close()`. */
export function followAttendanceNudges(
  liveUrl: URL,
  event: string,
  day: string,
  handlers: AttendanceNudgeHandlers,
): { close(): void } {
  let opened = false;
  return openReconnectingSocket(
    new URL(`attendance/${encodeURIComponent(event)}/${encodeURIComponent(day)}`, liveUrl).href,
    {
      open: () => {
        if (opened) handlers.reopened();
        opened = true;
      },
      message: (text) => {
        try {
          const message = JSON.parse(text) as { type?: unknown; facility?: unknown };
          if (message.type === "attendance" && typeof message.facility === "string")
            handlers.nudge(message.facility);
        } catch {}
      },
    },
  );
}
