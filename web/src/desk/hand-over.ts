/**
 * The marks a desk could not send, as a text to hand over to the control desk (shown, or copied
 * into a message): who, present or not, at which hall, and when the desk tapped, in Manila time.
 */
import type { Mark } from "../lib/attendance/pending-marks.ts";
import { holderLabel } from "../lib/links/link-labels.ts";
import type { DecodedLink } from "../lib/links/link-token.ts";
import { manilaClock } from "../lib/manila-time.ts";

/** One mark in words: "Mónica Yáñez: present (Rizal Hall, tapped 09:41)". */
export function markLine(mark: Mark, now: number): string {
  return `${mark.player}: ${mark.present ? "present" : "not present"} (${mark.facility}, tapped ${manilaClock(mark.at, now)})`;
}

/**
 * The whole hand-over text, a line per mark under a line that says which desk and day they are from.
 * @example handOverText(marks, link, "Sunday 29 November", now) // "Marks not sent by Desk link: Front desk (Rizal Hall), Sunday 29 November:\n…"
 */
export function handOverText(marks: readonly Mark[], link: DecodedLink, day: string, now: number): string {
  return [
    `Marks not sent by ${holderLabel(link)}, ${day}:`,
    ...marks.map((mark) => `- ${markLine(mark, now)}`),
  ].join("\n");
}
