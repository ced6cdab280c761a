/**
 * Where a registry's JSON goes wrong, for a person with the file open: `line 12, column 5:` and
 * the parser's words without its position. Node words the position `at position N`; at the end of
 * the input it may name none, and the end is then just after the last character that is not blank.
 * @example jsonSyntaxProblem('{"a": 1,', error) // "line 1, column 9: Expected double-quoted property name in JSON"
 */
export function jsonSyntaxProblem(text: string, error: unknown): string {
  const message = String((error as Error)?.message ?? error);
  const position = /at position (\d+)/.exec(message)?.[1];
  // Past the last character that is not blank is the end of the input: said just after it.
  const offset = Math.min(
    position !== undefined ? Number(position) : Number.POSITIVE_INFINITY,
    text.trimEnd().length,
  );
  const before = text.slice(0, offset).split("\n");
  const line = before.length;
  const column = (before.at(-1)?.length ?? 0) + 1;
  const words = message.replace(/\s*(at position \d+)?\s*(\(line \d+ column \d+\))?\s*$/, "");
  return `line ${line}, column ${column}: ${words}`;
}
