/**
 * Who last wrote a match's score: the note the service writes on the two score cells,
 * `<label> · yyyy-MM-dd HH:mm` (Asia/Manila), read back from the score PUT's answer and from a
 * `score_conflict` (docs/decisions.md, "Who wrote a score, in the console").
 */
import { manilaWhen } from "../manila-time.ts";

const NOTE = /^(.+) · (\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})$/;

/**
 * A note for people: its label and when, with the day when it is not today; a note written by
 * hand is shown as it is.
 * @example writtenBy("Ana (Court 3) · 2026-11-28 10:12", <Saturday>) // "Ana (Court 3), at 10:12"
 */
export function writtenBy(note: string, now: number): string {
  const parts = NOTE.exec(note.trim());
  if (parts === null) return note.trim();
  const [, label, date, hours, minutes] = parts;
  const at = Date.parse(`${date}T${hours}:${minutes}:00+08:00`);
  return Number.isNaN(at) ? note.trim() : `${label}, ${manilaWhen(at, now)}`;
}
