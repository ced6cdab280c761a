import assert from "node:assert/strict";
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

/** The report's sections; each is one JSON-lines file in the results folder. */
export type Section = "faults" | "hostile" | "tokens" | "concurrency" | "attacks" | "venue";

/**
 * Records one observed outcome for `docs/reliability.md` when the report command runs the suite
 * (`RELIABILITY_RESULTS` names the folder); does nothing in a plain `npm test`.
 * @example record("faults", { upstream: "sheets", fault: "500", route: "people list", status: 502, pass: true });
 */
export function record(section: Section, row: Record<string, unknown>): void {
  const dir = process.env.RELIABILITY_RESULTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, `${section}.jsonl`), `${JSON.stringify(row)}\n`);
}

/**
 * One row of an attack round's table (issue 16's rows by number, issue 24's as `24 L2`), tried:
 * recorded for the report's "Hostile callers" section, then asserted, so a failure names what was
 * sent and what came back.
 * @example attackRow(3, "200 parallel wrong sign-ins", "10 × 401, then 429", `${n} × 401`, n === 10);
 */
export function attackRow(
  row: number | string,
  sent: string,
  expected: string,
  observed: string,
  pass: boolean,
): void {
  record("attacks", { row, sent, expected, observed, pass });
  assert.ok(pass, `${sent}: expected ${expected}, observed ${observed}`);
}
