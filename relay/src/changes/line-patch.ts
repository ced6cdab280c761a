/**
 * A change to a text, line by line: the form in which a CSV member of a snapshot travels when only
 * some of its rows changed. Lines are split on `\n` and joined back the same way, so any text
 * round-trips exactly (a quoted CSV cell with a line break is simply two lines here).
 */

/**
 * One splice: at line `at` of the old text, remove `remove` lines and put the given lines there.
 * @example [17, 1, "Hall 3,17,09:00,…,21,17"] // line 17 replaced
 */
export type LineSplice = [at: number, remove: number, ...insert: string[]];

/**
 * The splices that turn `before` into `after`, in ascending order of `at` and never overlapping.
 * The lines both share at the start and at the end are kept; when what lies between has the same
 * number of lines on both sides (scores changed in place, the usual case), only the runs of lines
 * that differ are sent, otherwise the middle is replaced whole.
 * @example diffLines("h\na\nb\nc", "h\na\nB\nc") // [[2, 1, "B"]]
 */
export function diffLines(before: string, after: string): LineSplice[] {
  if (before === after) return [];
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  const shortest = Math.min(a.length, b.length);
  while (start < shortest && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  if (endA - start !== endB - start) return [[start, endA - start, ...b.slice(start, endB)]];
  const splices: LineSplice[] = [];
  for (let line = start; line < endA; ) {
    if (a[line] === b[line]) {
      line++;
      continue;
    }
    let end = line + 1;
    while (end < endA && a[end] !== b[end]) end++;
    splices.push([line, end - line, ...b.slice(line, end)]);
    line = end;
  }
  return splices;
}

/**
 * Applies splices made by {@link diffLines} to the text they were made from. The text is not split:
 * the lines between splices are copied as slices, so a change to one row of a day's 200 KB merged
 * CSV costs a scan for its line breaks, not an array of every line.
 * @throws ChangesMismatch when a splice does not fit the text (it was made from another one).
 */
export function applyLines(text: string, splices: readonly LineSplice[]): string {
  const parts: string[] = [];
  // The cursor: the first line not yet copied or removed, and where it starts in `text` (past the
  // last line: text.length + 1).
  let line = 0;
  let offset = 0;
  const advanceTo = (target: number) => {
    while (line < target) {
      const newline = text.indexOf("\n", offset);
      if (newline >= 0) offset = newline + 1;
      else if (line + 1 === target && offset <= text.length) offset = text.length + 1;
      else throw new ChangesMismatch("a line splice does not fit the text it is applied to");
      line++;
    }
  };
  for (const [at, remove, ...insert] of splices) {
    if (!isCount(at) || !isCount(remove) || at < line || !insert.every(isText)) {
      throw new ChangesMismatch("a line splice does not fit the text it is applied to");
    }
    if (at > line) {
      const start = offset;
      advanceTo(at);
      parts.push(text.slice(start, offset - 1));
    }
    parts.push(...insert);
    advanceTo(at + remove);
  }
  if (offset <= text.length) parts.push(text.slice(offset));
  return parts.join("\n");
}

/** Changes that do not fit the state they are applied to: the receiver needs the whole snapshot again. */
export class ChangesMismatch extends Error {
  override readonly name = "ChangesMismatch";
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

function isText(value: unknown): value is string {
  return typeof value === "string";
}
