/**
 * Where a member of the registry file sits, for words that tell an organiser which line of
 * `config/events.json` to edit. The pages read the same file the service reads (docs/registry.md),
 * so its lines are the data repository's.
 */
import { findNodeAtLocation, parseTree } from "jsonc-parser";

/**
 * The line (1-based) where the member at `path` opens, `undefined` when the text has none.
 * @example memberLine('{\n  "events": {\n    "club-cup": {}\n  }\n}', ["events", "club-cup"]) // 3
 */
export function memberLine(text: string, path: readonly string[]): number | undefined {
  const root = parseTree(text);
  const value = root && findNodeAtLocation(root, [...path]);
  // The member is the property around the value: its key's line.
  const member = value?.parent?.type === "property" ? value.parent : undefined;
  if (member === undefined) return undefined;
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < member.offset; at = text.indexOf("\n", at + 1)) line++;
  return line;
}
