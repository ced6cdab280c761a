import assert from "node:assert/strict";
import { test } from "node:test";
import { toEngineFormula, toStoredFormula } from "./formula-text.ts";

const bound = () => 999;

test("a Sheets FILTER with several conditions is stored as Excel's, with one include array and closed ranges", () => {
  assert.equal(
    toStoredFormula('=FILTER(B2:B,B2:B<>"",E2:E<>TRUE,G2:G<>TRUE)', "ATTENDANCE", bound),
    '_xlfn._xlws.FILTER(B2:B1000,(B2:B1000<>"")*(E2:E1000<>TRUE)*(G2:G1000<>TRUE))',
  );
  assert.equal(
    toStoredFormula("=SUM(FILTER(A1:A5,A1:A5>2))", "T", bound),
    "SUM(_xlfn._xlws.FILTER(A1:A5,A1:A5>2))",
  );
  assert.equal(toStoredFormula('=IF(A1="FILTER(",1,2)', "T", bound), 'IF(A1="FILTER(",1,2)');
});

test("what is stored reads back for the engine as the Sheets formula meant", () => {
  const stored = toStoredFormula('=FILTER(B2:B,B2:B<>"",E2:E<>TRUE)', "ATTENDANCE", bound);
  assert.equal(
    toEngineFormula(stored, "ATTENDANCE", bound).text,
    '=FILTER(B2:B1000,(B2:B1000<>"")*(E2:E1000<>TRUE))',
  );
});

test("IFNA around FILTER is stored as Excel's FILTER with its 'if empty' argument, never with the engine's ARRAYFORMULA", () => {
  // Sheets' FILTER answers #N/A when nothing is left, which IFNA catches; Excel's answers #CALC!.
  const stored = toStoredFormula('=IFNA(FILTER(B2:B,B2:B<>"",E2:E<>TRUE),"")', "ATTENDANCE", bound);
  assert.equal(stored, '_xlfn._xlws.FILTER(B2:B1000,(B2:B1000<>"")*(E2:E1000<>TRUE),"")');
  assert.equal(
    toEngineFormula(stored, "ATTENDANCE", bound).text,
    '=ARRAYFORMULA(IFNA(FILTER(B2:B1000,(B2:B1000<>"")*(E2:E1000<>TRUE)),""))',
  );
  assert.equal(
    toStoredFormula("=IFNA(VLOOKUP(A1,B:C,2,FALSE),0)", "T", bound),
    "_xlfn.IFNA(VLOOKUP(A1,B:C,2,FALSE),0)",
  );
  assert.equal(
    toStoredFormula("=IFNA(FILTER(A1:A5,A1:A5>2)+1,0)", "T", bound),
    "_xlfn.IFNA(_xlfn._xlws.FILTER(A1:A5,A1:A5>2)+1,0)",
  );
  assert.equal(toStoredFormula('=IF(A1="IFNA(",1,2)', "T", bound), 'IF(A1="IFNA(",1,2)');
});
