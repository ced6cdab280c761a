/**
 * Every cell of every workbook in a stack's workbooks folder, read straight from the `.xlsx` files
 * with exceljs, so a test can say exactly which cells a day's work changed and that no other did.
 * A formula cell is read as its formula (what the organiser wrote), not the result last cached
 * beside it, and the cells an array formula spills into are left out: both follow from the data.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";

/** A cell as the file holds it: its value (a formula as `=…`) and its note, if any. */
export interface Cell {
  value: unknown;
  note?: string;
}

/** The cells of a folder's workbooks by `file!sheet!address` (`open-sun-rizal-hall.xlsx!ATTENDANCE!E3`). */
export type WorkbookCells = Map<string, Cell>;

/** Reads every non-empty cell of every `.xlsx` file in `folder`. */
export async function workbookCells(folder: string): Promise<WorkbookCells> {
  const cells: WorkbookCells = new Map();
  for (const file of (await readdir(folder)).filter((name) => name.endsWith(".xlsx")).sort()) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(folder, file));
    book.eachSheet((sheet) => {
      const spilled: string[] = [];
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          const formula = cell.formula;
          if (formula !== undefined && cell.type === ExcelJS.ValueType.Formula) {
            const { ref } = cell.value as { ref?: string };
            if (ref !== undefined) spilled.push(ref);
          }
        }),
      );
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          const formula = cell.type === ExcelJS.ValueType.Formula ? cell.formula : undefined;
          const isMaster = formula !== undefined && formula !== "";
          if (!isMaster && spilled.some((ref) => within(cell.address, ref))) return;
          const value = isMaster ? `=${formula}` : cell.value;
          if (value === null || value === undefined) return;
          const note = noteText(cell.note);
          cells.set(
            `${file}!${sheet.name}!${cell.address}`,
            note === undefined ? { value } : { value, note },
          );
        }),
      );
    });
  }
  return cells;
}

/** The keys whose cell differs between `before` and `after` (added, removed or changed), sorted. */
export function changedCells(before: WorkbookCells, after: WorkbookCells): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => JSON.stringify(before.get(key)) !== JSON.stringify(after.get(key))).sort();
}

/** The column letter of each header in row 1 of a tab (`file!sheet!`). */
export function headerColumns(cells: WorkbookCells, tab: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, cell] of cells) {
    const address = key.slice(tab.length);
    if (key.startsWith(tab) && /^[A-Z]+1$/.test(address)) found[String(cell.value)] = address.slice(0, -1);
  }
  return found;
}

/** The row whose cell in `column` of a tab holds `value`. */
export function rowWhere(cells: WorkbookCells, tab: string, column: string, value: unknown): number {
  for (const [key, cell] of cells) {
    const address = key.slice(tab.length);
    if (
      key.startsWith(tab) &&
      address.startsWith(column) &&
      /^\d+$/.test(address.slice(column.length)) &&
      cell.value === value
    )
      return Number(address.slice(column.length));
  }
  throw new Error(`no row of ${tab} holds ${String(value)} in column ${column}`);
}

/** Whether `address` (`J5`) lies in the range `ref` (`J2:J1000`). */
function within(address: string, ref: string): boolean {
  const [from, to = from] = ref.split(":").map(position) as [Position, Position?];
  const at = position(address);
  return at.row >= from.row && at.row <= to.row && at.column >= from.column && at.column <= to.column;
}

interface Position {
  row: number;
  column: number;
}

function position(address: string): Position {
  const [, letters = "", digits = ""] = /^\$?([A-Z]+)\$?(\d+)$/.exec(address) ?? [];
  const column = [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0);
  return { row: Number(digits), column };
}

/** A cell note's text, whether exceljs read it as a string or as rich text. */
function noteText(note: ExcelJS.Comment | string | undefined): string | undefined {
  if (note === undefined) return undefined;
  if (typeof note === "string") return note;
  return note.texts?.map((part) => part.text).join("") ?? "";
}
