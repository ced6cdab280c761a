/**
 * Turns a formula as the file stores it (exceljs gives it without the leading `=`) into one
 * HyperFormula can parse, and lists the functions it calls.
 *
 * - Excel stores newer functions with prefixes (`_xlfn.FILTER`, `_xlfn._xlws.SORT`); they are dropped.
 * - Google Sheets' open ranges (`B2:B`, `SCHEDULE!D2:D`) do not parse in HyperFormula; they are
 *   closed at the target tab's last row (`boundOf`), as Sheets closes them at the grid's end.
 * - Sheets and Excel let `IFNA` or `IFERROR` around `FILTER` (or `SORT`, `UNIQUE`) spill the
 *   array; HyperFormula does so only inside `ARRAYFORMULA`, so such a formula is wrapped in one.
 */
export interface EngineFormula {
  /** The formula with its leading `=`, ready for HyperFormula. */
  text: string;
  /** The upper-cased names of the functions it calls. */
  functions: string[];
  /** The tabs its open ranges pointed at (closed at their bound). */
  openRangeTabs: string[];
}

// Strings and quoted tab names are matched first so that nothing inside them is rewritten.
const TOKENS =
  /"(?:[^"]|"")*"|((?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?(\$?[A-Za-z]{1,3}\$?\d+):(\$?[A-Za-z]{1,3})(?![\w$(!.:])|'(?:[^']|'')+'|([A-Za-z_][\w.]*)\s*\(/g;

/**
 * @param formula the stored formula, with or without its leading `=`
 * @param ownTab the tab the formula sits on (open ranges without a tab point there)
 * @param boundOf the zero-based last row an open range on that tab reaches
 * @example toEngineFormula("FILTER(B2:B,E2:E<>TRUE)", "ATTENDANCE", () => 999).text // "=FILTER(B2:B1000,E2:E1000<>TRUE)"
 */
export function toEngineFormula(
  formula: string,
  ownTab: string,
  boundOf: (tab: string) => number,
): EngineFormula {
  const functions = new Set<string>();
  const openRangeTabs = new Set<string>();
  const body = (formula.startsWith("=") ? formula.slice(1) : formula).replace(/_xlfn\.(_xlws\.)?/gi, "");
  const text = body.replace(
    TOKENS,
    (match, prefix: string | undefined, start: string | undefined, endColumn: string | undefined, name) => {
      if (typeof name === "string") {
        functions.add(name.toUpperCase());
        return match;
      }
      if (start === undefined || endColumn === undefined) return match;
      const tab = prefix === undefined ? ownTab : tabName(prefix.slice(0, -1));
      openRangeTabs.add(tab);
      return `${prefix ?? ""}${start}:${endColumn}${boundOf(tab) + 1}`;
    },
  );
  const spills =
    /^\s*(?:IFNA|IFERROR)\s*\(/i.test(text) && ["FILTER", "SORT", "UNIQUE"].some((f) => functions.has(f));
  return {
    text: spills ? `=ARRAYFORMULA(${text})` : `=${text}`,
    functions: [...functions],
    openRangeTabs: [...openRangeTabs],
  };
}

function tabName(reference: string): string {
  return reference.startsWith("'") ? reference.slice(1, -1).replaceAll("''", "'") : reference;
}

/** The formula as Sheets shows it in FORMULA render: a leading `=`, without Excel's storage prefixes. */
export function displayFormula(formula: string): string {
  return `=${formula.replace(/_xlfn\.(_xlws\.)?/gi, "")}`;
}
