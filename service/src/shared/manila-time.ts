/** The tournament time zone. Every time rule of the spec uses it, whatever the machine's zone. */
export const TOURNAMENT_TIME_ZONE = "Asia/Manila";

/** Manila is UTC+8 all year (no daylight saving time since 1978). */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

function manilaParts(epochMs: number) {
  const d = new Date(epochMs + MANILA_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    seconds: pad(d.getUTCSeconds()),
  };
}

/** `yyyy-MM-dd HH:mm` in Asia/Manila. */
export function formatManilaDateTime(epochMs: number): string {
  const { date, time } = manilaParts(epochMs);
  return `${date} ${time}`;
}

/** `yyyy-MM-dd HH:mm:ss` in Asia/Manila: a call's times in the `CALLS` tab. */
export function formatManilaTimestamp(epochMs: number): string {
  const { date, time, seconds } = manilaParts(epochMs);
  return `${date} ${time}:${seconds}`;
}

/** `HH:mm` (24-hour) in Asia/Manila. */
export function formatManilaTime(epochMs: number): string {
  return manilaParts(epochMs).time;
}

/** `yyyy-MM-dd` in Asia/Manila. */
export function formatManilaDate(epochMs: number): string {
  return manilaParts(epochMs).date;
}

/**
 * The instant of a wall-clock time on an ISO date in Asia/Manila.
 * @example manilaInstant("2026-11-21", 6) // 06:00 Manila on 21 November, as epoch ms
 */
export function manilaInstant(isoDate: string, hours = 0, minutes = 0): number {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, hours, minutes) - MANILA_OFFSET_MS;
}

/** The last millisecond of an ISO date in Asia/Manila. */
export function endOfManilaDay(isoDate: string): number {
  return manilaInstant(isoDate, 24) - 1;
}
