import type ExcelJS from "exceljs";
import { DetailedCellError, type CellValue as EngineValue } from "hyperformula";
import type { CellValue, Rows, ValueRender } from "../../ports/spreadsheet.ts";
import type { WorkbookEngine } from "./engine.ts";
import { displayFormula } from "./formula-text.ts";
import { DEFAULT_DATE_FORMAT, formatNumber, isDateFormat } from "./number-format.ts";
import { cellKey } from "./result-writer.ts";

/**
 * A tab's cells as the Sheets API's `values.get` returns them: empty cells inside a row are `""`,
 * trailing empty cells and trailing empty rows are left out.
 * @example renderTab(engine, sheet, "formatted"); // [["matchNumber", "team1Score"], ["1", "21"]]
 */
export function renderTab(engine: WorkbookEngine, worksheet: ExcelJS.Worksheet, render: ValueRender): Rows {
  const sheet = engine.sheetOf(worksheet.name)!;
  const values = engine.values(sheet);
  const formulaWidths = render === "formula" ? widthsOfFormulas(engine, sheet) : new Map<number, number>();
  const height = Math.max(values.length, ...[...formulaWidths.keys()].map((r) => r + 1));
  const rows: Rows = [];
  for (let r = 0; r < height; r++) {
    const source = values[r] ?? [];
    const width = Math.max(source.length, formulaWidths.get(r) ?? 0);
    const row: CellValue[] = [];
    for (let c = 0; c < width; c++) {
      const formula =
        render === "formula" ? engine.formulaText.get(cellKey({ sheet, row: r, col: c })) : undefined;
      if (formula !== undefined) row.push(displayFormula(formula));
      else row.push(renderValue(source[c] ?? null, render, () => worksheet.findCell(r + 1, c + 1)));
    }
    while (row.length > 0 && row[row.length - 1] === "") row.pop();
    rows.push(row);
  }
  while (rows.length > 0 && rows[rows.length - 1]!.length === 0) rows.pop();
  return rows;
}

/** Row → width needed to show every formula cell of the sheet (a formula may evaluate to empty). */
function widthsOfFormulas(engine: WorkbookEngine, sheet: number): Map<number, number> {
  const widths = new Map<number, number>();
  for (const key of engine.formulaText.keys()) {
    const [s, r, c] = key.split(":").map(Number) as [number, number, number];
    if (s === sheet) widths.set(r, Math.max(widths.get(r) ?? 0, c + 1));
  }
  return widths;
}

function renderValue(
  value: EngineValue,
  render: ValueRender,
  cellOf: () => ExcelJS.Cell | undefined,
): CellValue {
  if (value === null || value === undefined) return "";
  if (value instanceof DetailedCellError) return value.value;
  if (render !== "formatted") return value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  const cell = cellOf();
  const numFmt = cell?.numFmt;
  if (numFmt && numFmt !== "General") return formatNumber(value, numFmt);
  if (cell?.value instanceof Date && !(numFmt && isDateFormat(numFmt))) {
    return formatNumber(value, DEFAULT_DATE_FORMAT);
  }
  return formatNumber(value, undefined);
}
