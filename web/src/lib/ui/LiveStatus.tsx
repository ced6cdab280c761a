import type { FeedState } from "../live/day-feed.ts";
import { feedStatus } from "../live/feed-status.ts";
import { manilaClock } from "../manila-time.ts";
import "./live-status.css";

export interface LiveStatusProps {
  state: FeedState | undefined;
  onRetry(): void;
  /** The time now, so an update of another day says its day. */
  now: number;
  /** Spectators see the day's results now (the public page's go-live reading); "Live" only then. */
  shown?: boolean;
}

/**
 * One line that says where the results come from and how fresh they are: live, offline (the
 * results as this phone last saw them), the published file with a retry, or the file read every
 * 30 s because the organisers switched live push off (as it should be, so in neutral words). It
 * keeps its height in every state, so nothing below it moves.
 */
export function LiveStatus({ state, onRetry, now, shown = true }: LiveStatusProps) {
  const status = feedStatus(state, shown);
  const updated = state?.snapshot?.generatedAt;
  return (
    <>
      <div class={`live-status ${status}`}>
        <p role="status">
          {status === "live" && (
            <>
              <span class="dot" aria-hidden="true" /> Live
            </>
          )}
          {status === "waiting" && "Connected: waiting for the results"}
          {status === "connecting" && "Connecting to live results…"}
          {status === "published" && "Live updates unavailable: published results"}
          {status === "push-off" && "Updated every 30 s"}
          {status === "offline" && "Offline: results as last seen"}
        </p>
        {updated && <p class="updated figures">updated {manilaClock(updated, now)}</p>}
        {status === "published" && (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
      {state?.problem && status !== "offline" && (
        <p class="notice warn" role="alert">
          {state.problem}
        </p>
      )}
    </>
  );
}
