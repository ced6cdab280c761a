/**
 * Turns a formula as the file stores it (exceljs gives it without the leading `=`) into one
 * HyperFormula can parse, and lists the functions it calls.
 *
 * - Excel stores newer functions with prefixes (`_xlfn.FILTER`, `_xlfn._xlws.SORT`); they are dropped,
 *   and Excel's `FILTER(range, include, if_empty)` reads as `IFNA(FILTER(range, include), if_empty)`.
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
  const closed = closeOpenRanges(formula, ownTab, boundOf);
  const spills =
    /^\s*(?:IFNA|IFERROR)\s*\(/i.test(closed.text) &&
    ["FILTER", "SORT", "UNIQUE"].some((f) => closed.functions.includes(f));
  return { ...closed, text: spills ? `=ARRAYFORMULA(${closed.text})` : `=${closed.text}` };
}

/** The formula without `=` and Excel's prefixes, its open ranges closed at their tab's bound. */
function closeOpenRanges(formula: string, ownTab: string, boundOf: (tab: string) => number) {
  const functions = new Set<string>();
  const openRangeTabs = new Set<string>();
  const body = engineFilters(formula.startsWith("=") ? formula.slice(1) : formula).replace(
    /_xlfn\.(_xlws\.)?/gi,
    "",
  );
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
  return { text, functions: [...functions], openRangeTabs: [...openRangeTabs] };
}

function tabName(reference: string): string {
  return reference.startsWith("'") ? reference.slice(1, -1).replaceAll("''", "'") : reference;
}

/**
 * A formula as a user types it in Google Sheets, stored as an `.xlsx` file stores it, so that
 * Excel and LibreOffice read it (without the leading `=`, as exceljs takes it): open ranges are
 * closed at their tab's bound; `FILTER(range, condition, condition, …)` becomes Excel's
 * `_xlfn._xlws.FILTER(range, (condition)*(condition)*…)`, which takes one include array; and
 * since Sheets' FILTER answers `#N/A` when nothing is left where Excel's answers `#CALC!`,
 * `IFNA(FILTER(…), value)` becomes Excel's `FILTER(…, value)` (its "if empty" argument). Any other
 * `IFNA` gets Excel's `_xlfn.` prefix. The engine's `ARRAYFORMULA` wrapping is never stored.
 * @example toStoredFormula('=IFNA(FILTER(B2:B,B2:B<>"",E2:E<>TRUE),"")', "ATTENDANCE", () => 999)
 * // '_xlfn._xlws.FILTER(B2:B1000,(B2:B1000<>"")*(E2:E1000<>TRUE),"")'
 */
export function toStoredFormula(formula: string, ownTab: string, boundOf: (tab: string) => number): string {
  return excelFilters(closeOpenRanges(formula, ownTab, boundOf).text).replace(
    /"(?:[^"]|"")*"|(?<![\w.])IFNA\(/gi,
    (match) => (match.startsWith('"') ? match : `_xlfn.${match}`),
  );
}

/** Every FILTER call of `text` in Excel's form (with the IFNA around it, if any), inner ones first. */
function excelFilters(text: string): string {
  const call = /(?<![\w.])(IFNA\(\s*)?FILTER\(/i.exec(text);
  if (!call) return text;
  const before = text.slice(0, call.index);
  const rest = excelFilters(text.slice(call.index + call[0].length));
  const filter = splitCall(rest);
  if (!filter) return before + call[0] + rest;
  const [range, ...conditions] = filter.args;
  const include = conditions.length === 1 ? conditions[0] : conditions.map((c) => `(${c})`).join("*");
  const excel = `_xlfn._xlws.FILTER(${range},${include}`;
  if (call[1] === undefined) return `${before}${excel})${filter.after}`;
  const ifna = splitCall(filter.after);
  if (ifna?.args.length === 2 && ifna.args[0]?.trim() === "")
    return `${before}${excel},${ifna.args[1]})${ifna.after}`;
  return `${before}${call[1]}${excel})${filter.after}`;
}

/** `rest` starts just after a call's `(`: its arguments up to the matching `)`, and what follows. */
function splitCall(rest: string): { args: string[]; after: string } | undefined {
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
      if (char === ")") return { args, after: rest.slice(i + 1) };
    }
  }
  return undefined;
}

/**
 * Excel's `FILTER(range, include, if_empty)` as the engine takes it: HyperFormula's FILTER has no
 * "if empty" argument (its extra arguments are conditions), so it is `IFNA(FILTER(range, include), if_empty)`.
 */
function engineFilters(body: string): string {
  const call = /_xlfn\._xlws\.FILTER\(/i.exec(body);
  if (!call) return body;
  const before = body.slice(0, call.index);
  const rest = engineFilters(body.slice(call.index + call[0].length));
  const filter = splitCall(rest);
  if (filter?.args.length !== 3) return before + call[0] + rest;
  const [range, include, ifEmpty] = filter.args;
  return `${before}IFNA(FILTER(${range},${include}),${ifEmpty})${filter.after}`;
}

/** The formula as Sheets shows it in FORMULA render: a leading `=`, without Excel's storage prefixes. */
export function displayFormula(formula: string): string {
  return `=${formula.replace(/_xlfn\.(_xlws\.)?/gi, "")}`;
}
