/**
 * Turns a formula as the file stores it (exceljs gives it without the leading `=`) into one
 * HyperFormula can parse, and lists the functions it calls.
 *
 * - Excel stores newer functions with prefixes (`_xlfn.FILTER`, `_xlfn._xlws.SORT`); they are dropped.
 * - Google Sheets' open ranges (`B2:B`, `SCHEDULE!D2:D`) do not parse in HyperFormula; they are
 *   closed at the target tab's last row (`boundOf`), as Sheets closes them at the grid's end.
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
  return { text: `=${text}`, functions: [...functions], openRangeTabs: [...openRangeTabs] };
}

function tabName(reference: string): string {
  return reference.startsWith("'") ? reference.slice(1, -1).replaceAll("''", "'") : reference;
}

/**
 * A formula as a user types it in Google Sheets, stored as an `.xlsx` file stores it, so that
 * Excel and LibreOffice read it (without the leading `=`, as exceljs takes it): open ranges are
 * closed at their tab's bound, and `FILTER(range, condition, condition, …)` becomes Excel's
 * `_xlfn._xlws.FILTER(range, (condition)*(condition)*…)`, which takes one include array.
 * @example toStoredFormula('=FILTER(B2:B,B2:B<>"",E2:E<>TRUE)', "ATTENDANCE", () => 999)
 * // '_xlfn._xlws.FILTER(B2:B1000,(B2:B1000<>"")*(E2:E1000<>TRUE))'
 */
export function toStoredFormula(formula: string, ownTab: string, boundOf: (tab: string) => number): string {
  const text = toEngineFormula(formula, ownTab, boundOf).text.slice(1);
  const call = /(?<![\w.])FILTER\(/i.exec(text);
  if (!call) return text;
  const before = text.slice(0, call.index);
  return before + filterToExcel(toStoredFormula(text.slice(call.index + call[0].length), ownTab, boundOf));
}

/** `rest` starts just after `FILTER(`: its arguments up to the matching `)`, then the remainder. */
function filterToExcel(rest: string): string {
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < rest.length; i++) {
    const char = rest[i];
    if (char === '"') quoted = !quoted;
    if (quoted || (char !== "," && char !== "(" && char !== ")")) continue;
    if (char === "(") depth++;
    else if (depth > 0 && char === ")") depth--;
    else if (depth === 0) {
      args.push(rest.slice(start, i));
      start = i + 1;
      if (char === ")") {
        const [range, ...conditions] = args;
        const include = conditions.length === 1 ? conditions[0] : conditions.map((c) => `(${c})`).join("*");
        return `_xlfn._xlws.FILTER(${range},${include})${rest.slice(i + 1)}`;
      }
    }
  }
  return `FILTER(${rest}`;
}

/** The formula as Sheets shows it in FORMULA render: a leading `=`, without Excel's storage prefixes. */
export function displayFormula(formula: string): string {
  return `=${formula.replace(/_xlfn\.(_xlws\.)?/gi, "")}`;
}
