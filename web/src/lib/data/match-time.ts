/** A start time as the schedule writes it, read as minutes after midnight. */

/** `HH:mm` (or `H:mm`, with an optional AM/PM) as minutes after midnight; `undefined` when not a time. */
export function minutesOf(time: string): number | undefined {
  const found = /^(\d{1,2})[:.](\d{2})(?:\s*([ap])\.?m\.?)?$/i.exec(time.trim());
  if (!found) return undefined;
  let hours = Number(found[1]);
  const minutes = Number(found[2]);
  const half = found[3]?.toLowerCase();
  if (half === "p" && hours < 12) hours += 12;
  if (half === "a" && hours === 12) hours = 0;
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}
