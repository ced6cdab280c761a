import {
  CellError,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  type SimpleRangeValue,
} from "hyperformula";

/**
 * COUNTIF, COUNTIFS, SUMIF and SUMIFS with the same criteria as HyperFormula's own (its criterion
 * parser is reused), but fast on the standings tab: HyperFormula re-reads every range through
 * generators for every call, so 64 teams' COUNTIFS over 1000-row ranges cost about half a second per
 * score. Here a range's values and each criterion's row mask are computed once per evaluation pass.
 * The engine calls `startEvaluationPass()` before every call that evaluates, which makes the memo safe:
 * within one pass HyperFormula evaluates a range's cells before any formula that reads the range.
 */
export function startEvaluationPass(): void {
  pass++;
}

type Raw = unknown;
type Criterion = { lambda: (value: Raw) => boolean };
interface Internals {
  interpreter: { criterionBuilder: { fromCellValue(raw: Raw, helper: unknown): Criterion | undefined } };
  arithmeticHelper: unknown;
}

let pass = 0;
const memo = {
  pass: -1,
  values: new Map<string, Raw[]>(),
  masks: new Map<string, Uint8Array>(),
  indexes: new Map<string, Map<string, number[]>>(),
};
// A criterion that can only mean "equals this text" (no operator, wildcard, number, date or boolean).
const PLAIN_TEXT = /^[A-Za-z][A-Za-z0-9_ -]*$/;

function current() {
  if (memo.pass !== pass) {
    memo.pass = pass;
    memo.values.clear();
    memo.masks.clear();
    memo.indexes.clear();
  }
  return memo;
}

function rangeKey(range: SimpleRangeValue): string | undefined {
  const r = range.range;
  return r && `${r.start.sheet}:${r.start.row}:${r.start.col}:${r.end.row}:${r.end.col}`;
}

function valuesOf(range: SimpleRangeValue): Raw[] {
  const key = rangeKey(range);
  const cached = key === undefined ? undefined : current().values.get(key);
  if (cached) return cached;
  const values = range
    .valuesFromTopLeftCorner()
    .map((value) =>
      value !== null && typeof value === "object" && "val" in value ? (value as { val: number }).val : value,
    );
  if (key !== undefined) current().values.set(key, values);
  return values;
}

class FastCriteriaPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    COUNTIF: { method: "countif", parameters: [range(), criterion()] },
    COUNTIFS: { method: "countifs", parameters: [range(), criterion()], repeatLastArgs: 2 },
    SUMIF: { method: "sumif", parameters: [range(), criterion(), { ...range(), optionalArg: true }] },
    SUMIFS: { method: "sumifs", parameters: [range(), range(), criterion()], repeatLastArgs: 2 },
  };

  countif(ast: { args: unknown[] }, state: unknown) {
    return this.run("COUNTIF", ast, state, (...args) => this.aggregate(undefined, args));
  }

  countifs(ast: { args: unknown[] }, state: unknown) {
    return this.run("COUNTIFS", ast, state, (...args) => this.aggregate(undefined, args));
  }

  sumif(ast: { args: unknown[] }, state: unknown) {
    return this.run(
      "SUMIF",
      ast,
      state,
      (conditions: SimpleRangeValue, criterion: Raw, sums?: SimpleRangeValue) =>
        this.aggregate(sums ?? conditions, [conditions, criterion]),
    );
  }

  sumifs(ast: { args: unknown[] }, state: unknown) {
    return this.run("SUMIFS", ast, state, (sums: SimpleRangeValue, ...args) => this.aggregate(sums, args));
  }

  // biome-ignore lint/suspicious/noExplicitAny: HyperFormula passes the evaluated arguments untyped
  private run(name: string, ast: { args: unknown[] }, state: unknown, compute: (...args: any[]) => unknown) {
    const run = this.runFunction as unknown as (a: unknown, s: unknown, m: unknown, f: unknown) => unknown;
    return run(ast.args, state, this.metadata(name), compute) as ReturnType<FunctionPlugin["runFunction"]>;
  }

  /** Counts (no `sums`) or sums the rows where every (range, criterion) pair of `args` holds. */
  private aggregate(sums: SimpleRangeValue | undefined, args: Raw[]): number | CellError {
    const first = args[0] as SimpleRangeValue;
    const target = sums ?? first;
    const masks: Uint8Array[] = [];
    for (let i = 0; i < args.length; i += 2) {
      const conditions = args[i] as SimpleRangeValue;
      if (!conditions.sameDimensionsAs(target)) return new CellError(ErrorType.VALUE, "Wrong range size.");
      const mask = this.mask(conditions, args[i + 1]);
      if (mask === undefined) return new CellError(ErrorType.VALUE, "Incorrect criterion.");
      masks.push(mask);
    }
    const values = sums ? valuesOf(sums) : undefined;
    let total = 0;
    for (let row = 0; row < target.width() * target.height(); row++) {
      if (!masks.every((mask) => mask[row] === 1)) continue;
      if (!values) total++;
      else {
        const value = values[row];
        if (value instanceof CellError) return value;
        if (typeof value === "number") total += value;
      }
    }
    return total;
  }

  private mask(conditions: SimpleRangeValue, raw: Raw): Uint8Array | undefined {
    const self = this as unknown as Internals;
    const criterion = self.interpreter.criterionBuilder.fromCellValue(raw, self.arithmeticHelper);
    if (!criterion) return undefined;
    const plain =
      raw !== null && typeof raw === "object" && "val" in raw ? (raw as { val: number }).val : raw;
    const key = `${rangeKey(conditions)}|${typeof plain}:${String(plain)}`;
    const cached = rangeKey(conditions) === undefined ? undefined : current().masks.get(key);
    if (cached) return cached;
    const mask =
      typeof plain === "string" && PLAIN_TEXT.test(plain) && !/^(true|false)$/i.test(plain)
        ? textMask(conditions, plain)
        : Uint8Array.from(valuesOf(conditions), (value) => (criterion.lambda(value) ? 1 : 0));
    if (rangeKey(conditions) !== undefined) current().masks.set(key, mask);
    return mask;
  }
}

/** Rows equal to `text` as HyperFormula compares text by default: ignoring case and accents. */
function textMask(conditions: SimpleRangeValue, text: string): Uint8Array {
  const values = valuesOf(conditions);
  const key = rangeKey(conditions);
  let index = key === undefined ? undefined : current().indexes.get(key);
  if (!index) {
    index = new Map();
    values.forEach((value, row) => {
      if (typeof value !== "string") return;
      const normal = normalise(value);
      const rows = index!.get(normal);
      if (rows) rows.push(row);
      else index!.set(normal, [row]);
    });
    if (key !== undefined) current().indexes.set(key, index);
  }
  const mask = new Uint8Array(values.length);
  for (const row of index.get(normalise(text)) ?? []) mask[row] = 1;
  return mask;
}

function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

function range() {
  return { argumentType: FunctionArgumentType.RANGE };
}

function criterion() {
  return { argumentType: FunctionArgumentType.NOERROR };
}

let registered = false;

/** Replaces HyperFormula's COUNTIF(S)/SUMIF(S) with the memoised ones (once per process). */
export function registerFastCriteria(): void {
  if (registered) return;
  registered = true;
  const names = Object.keys(FastCriteriaPlugin.implementedFunctions);
  for (const name of names) HyperFormula.unregisterFunction(name);
  HyperFormula.registerFunctionPlugin(FastCriteriaPlugin, {
    enGB: Object.fromEntries(names.map((name) => [name, name])),
  });
}
