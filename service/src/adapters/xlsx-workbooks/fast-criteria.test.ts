import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { HyperFormula } from "hyperformula";
import { registerFastCriteria, startEvaluationPass } from "./fast-criteria.ts";

/**
 * fast-criteria.ts replaces HyperFormula's COUNTIF(S)/SUMIF(S) and reaches into its internals (the
 * criterion builder), which is why package.json pins HyperFormula exactly. This proves, on
 * generated tables and criteria, that the replacement answers what HyperFormula's own functions do;
 * an upgrade that changes those internals fails here.
 */

const CONFIG = { licenseKey: "gpl-v3" };
const ROWS = 12;

const cell = fc.oneof(
  fc.constantFrom("MS_1", "ms_1", "XD_2", "Ñiño", "nino", "a*b", "", " MS_1"),
  fc.integer({ min: -3, max: 30 }),
  fc.constantFrom(true, false, null),
);
const criterion = fc.oneof(
  fc.constantFrom(
    "MS_1",
    "xd_2",
    "Nino",
    "MS*",
    "?S_1",
    "<>MS_1",
    "=",
    "<>",
    ">3",
    "<=10",
    "=5",
    "TRUE",
    "a~*b",
  ),
  fc.integer({ min: -3, max: 30 }).map(String),
);
const table = fc.array(fc.tuple(cell, cell, fc.integer({ min: 0, max: 50 })), {
  minLength: ROWS,
  maxLength: ROWS,
});

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
const formulas = (c1: string, c2: string) => [
  `=COUNTIF(A1:A${ROWS},${quote(c1)})`,
  `=COUNTIFS(A1:A${ROWS},${quote(c1)},B1:B${ROWS},${quote(c2)})`,
  `=SUMIF(A1:A${ROWS},${quote(c1)},C1:C${ROWS})`,
  `=SUMIF(C1:C${ROWS},${quote(c2)})`,
  `=SUMIFS(C1:C${ROWS},A1:A${ROWS},${quote(c1)},B1:B${ROWS},${quote(c2)})`,
];

/** Each case's formula results, evaluated on a fresh engine with whichever functions are registered now. */
function evaluate(cases: Array<[rows: unknown[][], c1: string, c2: string]>): unknown[][] {
  return cases.map(([rows, c1, c2]) => {
    startEvaluationPass();
    const sheet = rows.map((row, r) => (r === 0 ? [...row, ...formulas(c1, c2)] : row));
    const hf = HyperFormula.buildFromArray(sheet as never, CONFIG);
    try {
      return (hf.getSheetValues(0)[0] ?? [])
        .slice(3)
        .map((value) => (typeof value === "object" && value ? String(value) : value));
    } finally {
      hf.destroy();
    }
  });
}

test("COUNTIF, COUNTIFS, SUMIF and SUMIFS answer as HyperFormula's own on 300 generated tables", () => {
  const cases = fc.sample(fc.tuple(table, criterion, criterion), { numRuns: 300, seed: 18 });
  const builtIn = evaluate(cases);
  registerFastCriteria();
  const fast = evaluate(cases);
  for (let i = 0; i < cases.length; i++) assert.deepEqual(fast[i], builtIn[i], JSON.stringify(cases[i]));
  assert.ok(builtIn.some((results) => results.some((value) => typeof value === "number" && value > 0)));
});
