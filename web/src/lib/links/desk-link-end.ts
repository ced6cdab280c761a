/**
 * When a desk link ends, for the card that hands it over: a desk link works to the end of its
 * day (`deskLinkExpiry` in `@tournament-ops/service/link-rules`) whenever it was issued, so one
 * issued late in the evening lasts minutes, not a day. The card says the end and the time left,
 * and warns when less than {@link SHORT_DESK_LINK_MS} is left.
 */
import { dayLabel, manilaDate } from "../manila-time.ts";

/** Less time than this left on a desk link: the card warns. */
export const SHORT_DESK_LINK_MS = 2 * 60 * 60 * 1000;

const MINUTE = 60_000;

/**
 * A span for people, rounded down to the minute: "50 minutes", "3 hours 5 minutes", "1 day 2 hours".
 * @example spanWords(50 * 60_000) // "50 minutes"
 */
export function spanWords(ms: number): string {
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 60) return count(minutes, "minute");
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${count(days, "day")} ${count(hours, "hour")}` : count(days, "day");
  return rest > 0 ? `${count(hours, "hour")} ${count(rest, "minute")}` : count(hours, "hour");
}

/** A desk link's end at a moment: when, the time left, the sentence, and whether to warn. */
export interface DeskLinkEnd {
  /** "00:00 tonight", or "00:00 at the end of Sunday 29 November" when its day is not today. */
  at: string;
  /** The time left: "50 minutes". */
  left: string;
  /** "until 00:00 tonight: 50 minutes". */
  words: string;
  /** Under two hours left (and not yet over). */
  short: boolean;
  /** Already over at that moment. */
  over: boolean;
}

/**
 * How long a desk link expiring at `expiresAt` (its day's last millisecond) still works at `now`.
 * @example deskLinkEnd(Date.parse("2026-11-29T15:59:59.999Z"), Date.parse("2026-11-29T15:10:00Z")).words // "until 00:00 tonight: 50 minutes"
 */
export function deskLinkEnd(expiresAt: number, now: number): DeskLinkEnd {
  const remaining = expiresAt + 1 - now; // to 00:00 of the next day
  const day = manilaDate(expiresAt);
  const at = manilaDate(now) === day ? "00:00 tonight" : `00:00 at the end of ${dayLabel(day)}`;
  if (remaining <= 0) return { at, left: "none", words: `ended at ${at}`, short: false, over: true };
  const left = spanWords(remaining);
  return { at, left, words: `until ${at}: ${left}`, short: remaining < SHORT_DESK_LINK_MS, over: false };
}

/**
 * The card's warning for a desk link with under two hours left, or `undefined` when there is time enough.
 * @example shortDeskLinkWarning(end) // "Under two hours left: this link stops at 00:00 tonight, in 50 minutes. …"
 */
export function shortDeskLinkWarning(end: DeskLinkEnd): string | undefined {
  if (!end.short) return undefined;
  return `Under two hours left: this link stops at ${end.at}, in ${end.left}. A desk link works only to the end of its day; for the next day, issue a link for that day.`;
}
