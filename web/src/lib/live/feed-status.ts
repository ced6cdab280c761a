/**
 * What a page's status line says of its followed day: one word for each case, so the rule is
 * written once and tested in Node (the line itself is lib/ui/LiveStatus.tsx).
 */
import type { FeedState } from "./day-feed.ts";

/**
 * `live`: the socket is open and spectators see the day; `waiting`: the socket is open but the day
 * is not public yet (never "Live" beside "not public yet"); `offline`: the phone has no network (the
 * results are as it last saw them); `push-off`: the organisers switched live push off, so the file
 * is read every 30 s (neutral words, not an error); `published`: the socket is down and the file is
 * read instead; `connecting`: none of these yet.
 */
export type FeedStatus = "live" | "waiting" | "offline" | "push-off" | "published" | "connecting";

/** The status of `state`; `shown`: spectators see the day now (always true off the public page). */
export function feedStatus(state: FeedState | undefined, shown = true): FeedStatus {
  if (state?.online === false) return "offline";
  const source = state?.source ?? "connecting";
  return source === "live" && !shown ? "waiting" : source;
}
