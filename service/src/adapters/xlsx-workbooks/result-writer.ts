import type ExcelJS from "exceljs";
import {
  DetailedCellError,
  type CellValue as EngineValue,
  type HyperFormula,
  type SimpleCellAddress,
} from "hyperformula";
import { cellName } from "../../shared/a1.ts";

/** A formula cell the engine evaluates: where it is and its formula as the file stores it. */
export interface EngineFormulaCell {
  address: SimpleCellAddress;
  formula: string;
}

interface Extent {
  rows: number;
  columns: number;
}

// The error codes Excel 2007+ files may carry; anything else the engine reports is stored as #VALUE!.
const FILE_ERRORS = new Set(["#N/A", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#NULL!"]);

/** A key for one engine cell. */
export function cellKey(address: SimpleCellAddress): string {
  return `${address.sheet}:${address.row}:${address.col}`;
}

/**
 * Copies the engine's results into the exceljs model, so the saved file carries fresh cached
 * results: a formula keeps its text and gets `result`; a spilled array (FILTER, SORT) becomes an
 * array formula whose `ref` covers the spill, with the spilled values in the covered cells, which is
 * how Excel and LibreOffice store one and how `build` recognises the covered cells on the next load.
 */
export class ResultWriter {
  private readonly extents = new Map<string, Extent>();

  private readonly hf: HyperFormula;
  private readonly worksheetOf: (sheet: number) => ExcelJS.Worksheet;
  readonly formulas: Map<string, EngineFormulaCell>;

  constructor(
    hf: HyperFormula,
    worksheetOf: (sheet: number) => ExcelJS.Worksheet,
    formulas: Map<string, EngineFormulaCell>,
  ) {
    this.hf = hf;
    this.worksheetOf = worksheetOf;
    this.formulas = formulas;
  }

  /** Records a spill range the file already had, so cells it no longer covers get cleared. */
  rememberArray(address: SimpleCellAddress, rows: number, columns: number): void {
    this.extents.set(cellKey(address), { rows, columns });
  }

  /** Writes every formula's result (after a build). */
  syncAll(): void {
    for (const cell of this.formulas.values()) this.sync(cell);
  }

  /** Writes the results the engine reports as changed, and every spill on a sheet that changed. */
  syncChanges(changes: readonly { address?: SimpleCellAddress }[]): void {
    const sheets = new Set<number>();
    for (const change of changes) {
      if (!change.address) continue;
      const formula = this.formulas.get(cellKey(change.address));
      if (formula) this.sync(formula);
      else sheets.add(change.address.sheet);
    }
    if (sheets.size === 0) return;
    for (const cell of this.formulas.values()) {
      if (sheets.has(cell.address.sheet) && this.extents.has(cellKey(cell.address))) this.sync(cell);
    }
  }

  /** Forgets a formula the service overwrote with a value. */
  forget(address: SimpleCellAddress): void {
    const key = cellKey(address);
    if (!this.formulas.delete(key)) return;
    const previous = this.extents.get(key);
    this.extents.delete(key);
    if (previous) this.clearUncovered(address, previous, { rows: 1, columns: 1 });
  }

  private sync(cell: EngineFormulaCell): void {
    const { address } = cell;
    const key = cellKey(address);
    const extent = this.hf.getCellType(address) === "ARRAYFORMULA" ? this.spillOf(address) : undefined;
    const target = this.worksheetOf(address.sheet).getCell(address.row + 1, address.col + 1);
    if (!extent) {
      target.value = {
        ...(target.value as object),
        result: toResult(this.hf.getCellValue(address)),
      } as ExcelJS.CellValue;
      return;
    }
    const values = this.hf.getRangeValues({
      start: address,
      end: {
        sheet: address.sheet,
        row: address.row + extent.rows - 1,
        col: address.col + extent.columns - 1,
      },
    });
    const sheet = this.worksheetOf(address.sheet);
    values.forEach((row, r) => {
      row.forEach((value, c) => {
        if (r === 0 && c === 0) return;
        sheet.getCell(address.row + r + 1, address.col + c + 1).value = toPlain(value);
      });
    });
    const ref = `${cellName(address.row, address.col)}:${cellName(address.row + extent.rows - 1, address.col + extent.columns - 1)}`;
    const result = toResult(values[0]?.[0] ?? null);
    target.value = { formula: cell.formula, result, shareType: "array", ref } as ExcelJS.CellValue;
    const previous = this.extents.get(key);
    if (previous) this.clearUncovered(address, previous, extent);
    this.extents.set(key, extent);
  }

  private spillOf(address: SimpleCellAddress): Extent {
    let rows = 1;
    while (this.hf.getCellType({ ...address, row: address.row + rows }) === "ARRAY") rows++;
    let columns = 1;
    while (this.hf.getCellType({ ...address, col: address.col + columns }) === "ARRAY") columns++;
    return { rows, columns };
  }

  private clearUncovered(address: SimpleCellAddress, previous: Extent, now: Extent): void {
    const sheet = this.worksheetOf(address.sheet);
    for (let r = 0; r < previous.rows; r++) {
      for (let c = 0; c < previous.columns; c++) {
        if (r < now.rows && c < now.columns) continue;
        const at = { sheet: address.sheet, row: address.row + r, col: address.col + c };
        if (this.hf.getCellType(at) === "EMPTY") sheet.getCell(at.row + 1, at.col + 1).value = null;
      }
    }
  }
}

function toResult(value: EngineValue): ExcelJS.CellValue | undefined {
  if (value instanceof DetailedCellError) {
    return { error: FILE_ERRORS.has(value.value) ? value.value : "#VALUE!" } as ExcelJS.CellErrorValue;
  }
  return value ?? undefined;
}

function toPlain(value: EngineValue): ExcelJS.CellValue {
  if (value instanceof DetailedCellError) return toResult(value) ?? null;
  return value;
}
