import type ExcelJS from "exceljs";

/** A constant as the engine and the renderers see it; dates are serial numbers, errors their text. */
export type Constant = string | number | boolean | null;

/** What one stored cell holds: a formula (with its cached result) or a constant. */
export interface StoredValue {
  /** The formula without `=` as the file has it (shared formulas translated), if any. */
  formula: string | undefined;
  /** The constant, or for a formula the cached result the file stores. */
  value: Constant;
  /** True when the value is an error text such as `#N/A`. */
  error: boolean;
  /** True when the stored value is a date (shown as a date even without a date format). */
  date: boolean;
}

const MS_PER_DAY = 86_400_000;
// Day 0 of the 1900 date system as Sheets and HyperFormula count it (30 Dec 1899).
const EPOCH_MS = Date.UTC(1899, 11, 30);

/** A date as a spreadsheet serial number (exceljs dates carry the wall-clock time in UTC fields). */
export function dateToSerial(date: Date): number {
  return (date.getTime() - EPOCH_MS) / MS_PER_DAY;
}

/** A serial number back to a date whose UTC fields are the wall-clock time. */
export function serialToDate(serial: number): Date {
  return new Date(EPOCH_MS + Math.round(serial * MS_PER_DAY));
}

/**
 * Reads one exceljs cell into a `StoredValue`.
 * @example storedValue(sheet.getCell("A2")); // { formula: "SCHEDULE!A2", value: 12, error: false, date: false }
 */
export function storedValue(cell: ExcelJS.Cell): StoredValue {
  const raw = cell.value as unknown;
  if (raw === null || raw === undefined) return plain(null);
  if (raw instanceof Date) return { formula: undefined, value: dateToSerial(raw), error: false, date: true };
  if (typeof raw !== "object") return plain(raw as Constant);
  const object = raw as {
    formula?: string;
    sharedFormula?: string;
    result?: unknown;
    richText?: { text: string }[];
    text?: unknown;
    error?: string;
  };
  if (object.formula !== undefined || object.sharedFormula !== undefined) {
    const result = resultOf(object.result);
    return { ...result, formula: cell.formula };
  }
  if (object.richText) return plain(object.richText.map((run) => run.text).join(""));
  if (object.error !== undefined)
    return { formula: undefined, value: object.error, error: true, date: false };
  if (object.text !== undefined) return plain(String(object.text));
  return plain(String(cell.text));
}

function resultOf(result: unknown): StoredValue {
  if (result === undefined || result === null) return plain(null);
  if (result instanceof Date)
    return { formula: undefined, value: dateToSerial(result), error: false, date: true };
  if (typeof result === "object") {
    const error = (result as { error?: string }).error;
    return { formula: undefined, value: error ?? null, error: error !== undefined, date: false };
  }
  return plain(result as Constant);
}

function plain(value: Constant): StoredValue {
  return { formula: undefined, value, error: false, date: false };
}

/** The array formula's spill range stored in the file (`ref`), for a master cell. */
export function arrayRef(cell: ExcelJS.Cell): string | undefined {
  const raw = cell.value as { shareType?: string; ref?: string } | null;
  return raw !== null && typeof raw === "object" && raw.shareType === "array" ? raw.ref : undefined;
}
