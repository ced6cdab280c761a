import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

const here = new URL(".", import.meta.url);
const sources = JSON.parse(readFileSync(new URL("sources.json", here), "utf8")) as Record<
  string,
  { sha256: string }
>;

/**
 * One vendored API description, checked against the checksum recorded in `sources.json`, so a
 * slice edited by hand (instead of copied again from its source) stops every fake at once.
 * @example const discovery = loadDescription<Discovery>("sheets-v4.discovery.json");
 */
export function loadDescription<T>(file: string): T {
  const bytes = readFileSync(new URL(file, here));
  const expected = sources[file]?.sha256;
  const actual = createHash("sha256").update(bytes).digest("hex");
  if (actual !== expected) {
    throw new Error(`${file} does not match the sha256 recorded in sources.json (${actual})`);
  }
  return JSON.parse(bytes.toString("utf8")) as T;
}
