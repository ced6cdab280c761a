import ExcelJS from "exceljs";
import {
  DetailedCellError,
  type CellValue as EngineValue,
  HyperFormula,
  type RawCellContent,
  type SimpleCellAddress,
} from "hyperformula";
import { columnLetters, parseA1 } from "../../shared/a1.ts";
import { registerFastCriteria, startEvaluationPass } from "./fast-criteria.ts";
import { toEngineFormula } from "./formula-text.ts";
import { cellKey, type EngineFormulaCell, ResultWriter } from "./result-writer.ts";
import { arrayRef, type Constant, type StoredValue, storedValue } from "./stored-cell.ts";

/** A formula the engine cannot evaluate; it reads as the cached value the file stores. */
export interface UnsupportedFormula {
  tab: string;
  cell: string;
  reason: string;
}

// Sheets closes an open range (`B2:B`) at the grid's end, 1000 rows in a new tab.
const MIN_OPEN_RANGE_ROWS = 1000;
const CONFIG = { licenseKey: "gpl-v3", useColumnIndex: true };
// Sheets and Excel accept TRUE and FALSE as literals; HyperFormula only as functions.
const LITERALS = [
  { name: "TRUE", expression: "=TRUE()" },
  { name: "FALSE", expression: "=FALSE()" },
];
let knownFunctions: Set<string> | undefined;

/**
 * One HyperFormula engine over one workbook: built from the exceljs model, it holds every value and
 * formula, answers reads with freshly calculated values and, on a write, recalculates the dependent
 * cells and copies their results back into the exceljs model for the next save.
 * @example const engine = WorkbookEngine.build(workbook); engine.write([{ tab: "SCHEDULE", row: 4, column: 5, value: 21 }]);
 */
export class WorkbookEngine {
  private readonly hf: HyperFormula;
  private readonly workbook: ExcelJS.Workbook;
  private readonly results: ResultWriter;
  /** Formula text (as stored) of every formula cell, evaluated or not, by `cellKey`. */
  readonly formulaText: Map<string, string>;
  readonly unsupported: UnsupportedFormula[];
  private readonly openRangeBounds: Map<string, number>;

  private constructor(parts: {
    hf: HyperFormula;
    workbook: ExcelJS.Workbook;
    results: ResultWriter;
    formulaText: Map<string, string>;
    unsupported: UnsupportedFormula[];
    openRangeBounds: Map<string, number>;
  }) {
    this.hf = parts.hf;
    this.workbook = parts.workbook;
    this.results = parts.results;
    this.formulaText = parts.formulaText;
    this.unsupported = parts.unsupported;
    this.openRangeBounds = parts.openRangeBounds;
  }

  /** Builds the engine from a loaded workbook and stores fresh results in its exceljs model. */
  static build(workbook: ExcelJS.Workbook): WorkbookEngine {
    registerFastCriteria();
    knownFunctions ??= new Set(HyperFormula.getRegisteredFunctionNames("enGB"));
    const hf = HyperFormula.buildEmpty(CONFIG);
    for (const literal of LITERALS) hf.addNamedExpression(literal.name, literal.expression);
    for (const worksheet of workbook.worksheets) hf.addSheet(worksheet.name);
    const boundOf = openRangeBoundOf(workbook);
    const formulas = new Map<string, EngineFormulaCell>();
    const cached = new Map<string, StoredValue>();
    const formulaText = new Map<string, string>();
    const unsupported: UnsupportedFormula[] = [];
    const openRangeBounds = new Map<string, number>();
    const arrays: { address: SimpleCellAddress; rows: number; columns: number }[] = [];

    hf.suspendEvaluation();
    for (const worksheet of workbook.worksheets) {
      const sheet = hf.getSheetId(worksheet.name)!;
      const rows: RawCellContent[][] = [];
      const covered = new Set<string>();
      worksheet.eachRow((row) => {
        row.eachCell((cell) => {
          if (cell.type === ExcelJS.ValueType.Merge) return;
          const address = { sheet, row: Number(cell.row) - 1, col: Number(cell.col) - 1 };
          const key = cellKey(address);
          if (covered.has(key)) return;
          const stored = storedValue(cell);
          let content: RawCellContent = toRaw(stored.value, stored.error);
          if (stored.formula !== undefined) {
            formulaText.set(key, stored.formula);
            const formula = toEngineFormula(stored.formula, worksheet.name, boundOf);
            const unknown = formula.functions.filter((name) => !knownFunctions!.has(name));
            if (unknown.length > 0) {
              unsupported.push({
                tab: worksheet.name,
                cell: cell.address,
                reason: `unknown ${unknown.join(", ")}`,
              });
            } else {
              content = formula.text;
              formulas.set(key, { address, formula: stored.formula });
              cached.set(key, stored);
              for (const tab of formula.openRangeTabs) openRangeBounds.set(tab.toLowerCase(), boundOf(tab));
              const ref = arrayRef(cell);
              if (ref) arrays.push(coverArray(ref, address, covered));
            }
          }
          const target = rows[address.row] ?? [];
          target[address.col] = content;
          rows[address.row] = target;
        });
      });
      hf.setSheetContent(
        sheet,
        Array.from(rows, (row) => Array.from(row ?? [], (value) => value ?? null)),
      );
    }
    startEvaluationPass();
    hf.resumeEvaluation();

    for (const [key, cell] of formulas) {
      const value = hf.getCellValue(cell.address);
      if (!(value instanceof DetailedCellError) || value.type !== "ERROR") continue;
      const stored = cached.get(key)!;
      startEvaluationPass();
      hf.setCellContents(cell.address, [[toRaw(stored.value, stored.error)]]);
      formulas.delete(key);
      const tab = hf.getSheetName(cell.address.sheet)!;
      unsupported.push({
        tab,
        cell: `${columnLetters(cell.address.col)}${cell.address.row + 1}`,
        reason: value.message,
      });
    }
    const worksheetOf = (sheet: number) => workbook.getWorksheet(hf.getSheetName(sheet)!)!;
    const results = new ResultWriter(hf, worksheetOf, formulas);
    for (const array of arrays) results.rememberArray(array.address, array.rows, array.columns);
    results.syncAll();
    return new WorkbookEngine({ hf, workbook, results, formulaText, unsupported, openRangeBounds });
  }

  /** The engine's sheet id of a tab, or `undefined`. */
  sheetOf(tab: string): number | undefined {
    return this.hf.getSheetId(tab);
  }

  /** The calculated values of a tab, rows trimmed of trailing empties. */
  values(sheet: number): EngineValue[][] {
    return this.hf.getSheetValues(sheet);
  }

  /**
   * Writes raw values (`null` clears a cell) into the engine and the exceljs model, recalculates,
   * and stores the new results. Returns false when the engine must be rebuilt (a write went past
   * the end of an open range, so formulas need closing further down).
   */
  write(cells: readonly { tab: string; row: number; column: number; value: Constant }[]): boolean {
    for (const cell of cells) {
      const sheet = this.hf.getSheetId(cell.tab)!;
      const address = { sheet, row: cell.row, col: cell.column };
      this.formulaText.delete(cellKey(address));
      this.results.forget(address);
      const target = this.workbook
        .getWorksheet(this.hf.getSheetName(sheet)!)!
        .getCell(cell.row + 1, cell.column + 1);
      target.value = cell.value === "" ? null : cell.value;
    }
    startEvaluationPass();
    const changes = this.hf.batch(() => {
      for (const cell of cells) {
        const address = { sheet: this.hf.getSheetId(cell.tab)!, row: cell.row, col: cell.column };
        this.hf.setCellContents(address, [[toRaw(cell.value, false)]]);
      }
    });
    this.results.syncChanges(changes as { address?: SimpleCellAddress }[]);
    return cells.every((cell) => cell.row <= (this.openRangeBounds.get(cell.tab.toLowerCase()) ?? Infinity));
  }

  /** Frees the engine. */
  destroy(): void {
    this.hf.destroy();
  }
}

/**
 * Where an open range (`B2:B`) ends on each tab: the tab's last row, at least row 1000, as Sheets
 * closes it at the grid's end (zero-based).
 * @example openRangeBoundOf(workbook)("ATTENDANCE") // 999
 */
export function openRangeBoundOf(workbook: ExcelJS.Workbook): (tab: string) => number {
  const bounds = new Map<string, number>();
  for (const worksheet of workbook.worksheets) {
    bounds.set(worksheet.name.toLowerCase(), Math.max(MIN_OPEN_RANGE_ROWS, worksheet.rowCount) - 1);
  }
  return (tab) => bounds.get(tab.toLowerCase()) ?? MIN_OPEN_RANGE_ROWS - 1;
}

function coverArray(ref: string, master: SimpleCellAddress, covered: Set<string>) {
  const range = parseA1(`x!${ref}`);
  const rows = (range.endRow ?? range.row) - master.row + 1;
  const columns = (range.endColumn ?? range.column) - master.col + 1;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      if (r > 0 || c > 0)
        covered.add(cellKey({ sheet: master.sheet, row: master.row + r, col: master.col + c }));
    }
  }
  return { address: master, rows, columns };
}

/** A constant as HyperFormula must receive it: text is forced with a leading apostrophe (RAW). */
function toRaw(value: Constant, error: boolean): RawCellContent {
  if (typeof value === "string" && !error) return value === "" ? null : `'${value}`;
  return value;
}
