import { manilaClock } from "../../lib/manila-time.ts";
import "../../lib/ui/live-status.css";
import { useDesk } from "../context.ts";

/**
 * One line that says whether other desks' marks show by themselves (live), when the list was read,
 * and a refresh button. It keeps its height in every state, so the list below never jumps.
 */
export function ListStatus() {
  const { linkStopped, live, now, online, readAt, reading, readProblem, refresh } = useDesk();
  const stopped = linkStopped.value !== undefined;
  const state = stopped ? "stopped" : !online.value ? "offline" : live.value ? "live" : "paused";
  return (
    <>
      <div class={`live-status ${state}`}>
        <p role="status">
          {state === "live" && (
            <>
              <span class="dot" aria-hidden="true" /> Live
            </>
          )}
          {state === "offline" && "Offline: marks wait on this phone"}
          {state === "paused" && "Live updates paused"}
          {state === "stopped" && "Marks are off: this link no longer works"}
        </p>
        {readAt.value !== undefined && (
          <p class="updated figures">list read {manilaClock(readAt.value, now.value)}</p>
        )}
        {!stopped && (
          <button type="button" onClick={refresh} disabled={reading.value}>
            Refresh
          </button>
        )}
      </div>
      {readProblem.value && online.value && !stopped && (
        <p class="notice warn" role="alert">
          The list could not be read: {readProblem.value}
        </p>
      )}
    </>
  );
}
