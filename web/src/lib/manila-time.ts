/**
 * Tournament time: every date and time a page shows or compares is in Asia/Manila, whatever the
 * phone's own zone. Manila keeps UTC+08:00 all year (no daylight saving since 1978).
 */
export const MANILA = "Asia/Manila";
const OFFSET = "+08:00";
const OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * An instant as Manila's wall clock in ISO form (`2026-11-21T09:05:00.000Z` for 09:05 in Manila):
 * the fixed offset added, without `Intl`'s cost (a date or a time is read for every row drawn and
 * every message). Throws a `RangeError` for an invalid instant, as `Intl` does.
 */
const manilaIso = (instant: string | number) =>
  new Date(new Date(instant).getTime() + OFFSET_MS).toISOString();
const longDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: MANILA,
  weekday: "long",
  day: "numeric",
  month: "long",
});
const shortDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: MANILA,
  weekday: "short",
  day: "numeric",
  month: "short",
});

/**
 * `HH:mm` in Manila of an instant (ISO text or epoch milliseconds).
 * @example manilaTime("2026-11-21T01:05:00Z") // "09:05"
 */
export function manilaTime(instant: string | number): string {
  return manilaIso(instant).slice(11, 16);
}

/**
 * The Manila calendar date (`YYYY-MM-DD`) of an instant.
 * @example manilaDate(Date.parse("2026-11-21T16:30:00Z")) // "2026-11-22"
 */
export function manilaDate(instant: number): string {
  return manilaIso(instant).slice(0, 10);
}

/**
 * The instant a Manila calendar date begins.
 * @example startOfManilaDay("2026-11-22") // Date.parse("2026-11-21T16:00:00Z")
 */
export function startOfManilaDay(date: string): number {
  return Date.parse(`${date}T00:00:00${OFFSET}`);
}

/**
 * A Manila calendar date for people: `long` "Sunday 22 November", `short` "Sun 22 Nov".
 * Noon is formatted, so the date never slips a day.
 */
export function dayLabel(date: string, style: "long" | "short" = "long"): string {
  const key = `${style}${date}`;
  let label = dayLabels.get(key);
  if (label === undefined) {
    const noon = Date.parse(`${date}T12:00:00${OFFSET}`);
    label = Number.isNaN(noon)
      ? date
      : (style === "long" ? longDay : shortDay).format(new Date(noon)).replace(",", "");
    if (dayLabels.size >= 64) dayLabels.clear();
    dayLabels.set(key, label);
  }
  return label;
}

/** Each date's words, once: a page names the same few days on every message. */
const dayLabels = new Map<string, string>();

/**
 * When an instant was, for people: `at 09:42` on the same Manila day as `now`, else
 * `on Sat 28 Nov at 09:42`.
 * @example manilaWhen(Date.parse("2026-11-21T01:42:00Z"), Date.parse("2026-11-21T03:00:00Z")) // "at 09:42"
 */
export function manilaWhen(instant: string | number, now: number): string {
  const at = typeof instant === "number" ? instant : Date.parse(instant);
  const date = manilaDate(at);
  return date === manilaDate(now)
    ? `at ${manilaTime(at)}`
    : `on ${dayLabel(date, "short")} at ${manilaTime(at)}`;
}

/**
 * A time for a status line or a row: `09:42` on the same Manila day as `now`, else with its day,
 * `09:42 on Fri 27 Nov`, so a time from another day never reads as today's.
 * @example manilaClock("2026-11-27T01:42:00Z", Date.parse("2026-11-28T03:00:00Z")) // "09:42 on Fri 27 Nov"
 */
export function manilaClock(instant: string | number, now: number): string {
  const at = typeof instant === "number" ? instant : Date.parse(instant);
  const date = manilaDate(at);
  return date === manilaDate(now) ? manilaTime(at) : `${manilaTime(at)} on ${dayLabel(date, "short")}`;
}

/**
 * A Manila wall-clock text `yyyy-MM-dd HH:mm` (an attendance `timeIn`) as {@link manilaClock}
 * writes it; any other text (typed by hand in the workbook) as it is.
 * @example manilaStamp("2026-11-27 01:10", Date.parse("2026-11-28T03:00:00Z")) // "01:10 on Fri 27 Nov"
 */
export function manilaStamp(text: string, now: number): string {
  const parts = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d)$/.exec(text.trim());
  const at = parts === null ? Number.NaN : Date.parse(`${parts[1]}T${parts[2]}:00${OFFSET}`);
  return Number.isNaN(at) ? text : manilaClock(at, now);
}
