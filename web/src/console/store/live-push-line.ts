import type { Diagnostics } from "../../lib/api/types.ts";
import type { FeedSource } from "../../lib/live/day-feed.ts";

/** The Diagnostics panel's "Live push" line: what it says, whether it is a problem, and its fix. */
export interface LivePushLine {
  text: string;
  down: boolean;
  fix?: string;
}

/**
 * Live push as the organiser needs to read it: on or off, through which relay, and the relay shown
 * down whenever the service could not reach it at its last reading (with the service's fix for
 * where it runs), or this page's own live connection is down.
 * @example livePushLine(report, day.feed.value?.source).text // "On, through the relay at https://…"
 */
export function livePushLine(report: Diagnostics, source: FeedSource | undefined): LivePushLine {
  const { enabled, baseUrl } = report.live;
  if (!baseUrl) return { text: `${enabled ? "On" : "Off"}: no relay is set up`, down: false };
  const state = enabled ? "On" : "Off";
  if (report.relay?.answers === false)
    return {
      text: `${state}, but the relay at ${baseUrl} does not answer${report.relay.problem ? ` (${report.relay.problem})` : ""}: the pages read the published file every 30 s until it is back.`,
      down: true,
      fix: report.relay.fix,
    };
  if (enabled && source === "published")
    return {
      text: `On, through the relay at ${baseUrl}, but this page's live connection to it is down: it reads the published file until it is back.`,
      down: true,
    };
  return { text: `${state}, through the relay at ${baseUrl}.`, down: false };
}
