import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

/** The report's sections; each is one JSON-lines file in the results folder. */
export type Section = "faults" | "hostile" | "tokens" | "concurrency" | "attacks";

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
