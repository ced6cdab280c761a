import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";

/** A cell of a test workbook: a string starting with `=` is a formula, `null` leaves the cell empty. */
export type TestCell = string | number | boolean | null;

/**
 * Writes `<dir>/<sheetId>.xlsx` with one worksheet per entry of `tabs`, in order. Row 0 of a tab is
 * spreadsheet row 1; a string starting with `=` becomes a formula (with no cached result).
 * @example await writeWorkbook(dir, "facility-1", { SCHEDULE: [["matchNumber"], [1]], CSV: [["=SCHEDULE!A2"]] });
 */
export async function writeWorkbook(
  dir: string,
  sheetId: string,
  tabs: Record<string, TestCell[][]>,
): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  for (const [title, rows] of Object.entries(tabs)) {
    const sheet = workbook.addWorksheet(title);
    rows.forEach((row, r) => {
      row.forEach((value, c) => {
        if (value === null) return;
        const cell = sheet.getCell(r + 1, c + 1);
        cell.value = typeof value === "string" && value.startsWith("=") ? { formula: value.slice(1) } : value;
      });
    });
  }
  await mkdir(dir, { recursive: true });
  await workbook.xlsx.writeFile(join(dir, `${sheetId}.xlsx`));
}

/** What a file holds for one cell, read straight with exceljs. */
export interface StoredCell {
  /** The plain value; for a formula cell its cached result (`null` when empty). */
  value: string | number | boolean | Date | null;
  /** The formula without its leading `=`, or `undefined` for a plain cell. */
  formula: string | undefined;
  /** The cached result of a formula cell as stored in the file, or `undefined`. */
  result: unknown;
  /** The cell note's text, or `undefined`. */
  note: string | undefined;
}

/**
 * Reads one cell of `<dir>/<sheetId>.xlsx` with exceljs, so tests can assert on what the file holds.
 * @example const cell = await readWorkbookCell(dir, "facility-1", "CSV", "A2"); // { formula: "SCHEDULE!A2", result: 1, … }
 */
export async function readWorkbookCell(
  dir: string,
  sheetId: string,
  tab: string,
  a1: string,
): Promise<StoredCell> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(dir, `${sheetId}.xlsx`));
  const sheet = workbook.getWorksheet(tab);
  if (!sheet) throw new Error(`no tab ${tab} in ${sheetId}`);
  const cell = sheet.getCell(a1);
  const raw = cell.value as unknown;
  let formula: string | undefined;
  let result: unknown;
  let value: StoredCell["value"];
  if (raw !== null && typeof raw === "object" && !(raw instanceof Date)) {
    const object = raw as {
      formula?: string;
      sharedFormula?: string;
      result?: unknown;
      richText?: { text: string }[];
    };
    if (object.formula !== undefined || object.sharedFormula !== undefined) {
      formula = cell.formula;
      result = object.result;
      value = plain(object.result);
    } else if (object.richText) {
      value = object.richText.map((run) => run.text).join("");
    } else {
      value = String(cell.text);
    }
  } else {
    value = (raw ?? null) as StoredCell["value"];
  }
  return { value, formula, result, note: noteText(cell.note) };
}

function plain(result: unknown): StoredCell["value"] {
  if (result === undefined || result === null) return null;
  if (typeof result === "object" && !(result instanceof Date)) {
    const error = (result as { error?: string }).error;
    return error ?? null;
  }
  return result as StoredCell["value"];
}

function noteText(note: ExcelJS.Comment | string | undefined): string | undefined {
  if (note === undefined) return undefined;
  if (typeof note === "string") return note;
  return note.texts?.map((run) => run.text).join("");
}
