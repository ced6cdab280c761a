import type { FeedState } from "../live/day-feed.ts";
import { manilaTime } from "../manila-time.ts";
import "./live-status.css";

/**
 * One line that says where the results come from and how fresh they are: live, or the published
 * file with a retry. It keeps its height in every state, so nothing below it moves.
 */
export function LiveStatus({ state, onRetry }: { state: FeedState | undefined; onRetry(): void }) {
  const source = state?.source ?? "connecting";
  const updated = state?.snapshot?.generatedAt;
  return (
    <>
      <div class={`live-status ${source}`}>
        <p role="status">
          {source === "live" && (
            <>
              <span class="dot" aria-hidden="true" /> Live
            </>
          )}
          {source === "connecting" && "Connecting to live results…"}
          {source === "published" && "Live updates unavailable: published results"}
        </p>
        {updated && <p class="updated figures">updated {manilaTime(updated)}</p>}
        {source === "published" && (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
      {state?.problem && (
        <p class="notice warn" role="alert">
          {state.problem}
        </p>
      )}
    </>
  );
}
