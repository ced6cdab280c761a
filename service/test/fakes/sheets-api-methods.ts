import { applyFieldMask, maskSelects } from "./field-mask.ts";
import { type FakeSpreadsheet, GoogleApiError } from "./google-api-error.ts";
import {
  type A1Range,
  cellAt,
  columnLetters,
  exceedsGrid,
  type FakeCell,
  type FakeSheet,
  type FakeValue,
  gridLimitMessage,
  parseA1,
  quoteTab,
  RangeError400,
  type RenderOption,
  readRange,
  renderCell,
} from "./sheets-workbook-model.ts";

const invalid = GoogleApiError.invalid;

/** The tab and A1 range a range string names; a range the API cannot use is its 400. */
export function resolve(book: FakeSpreadsheet, range: string): { sheet: FakeSheet; a1: A1Range } {
  try {
    const a1 = parseA1(range);
    const sheet = book.sheets.find((s) => s.title === a1.tab);
    if (sheet) return { sheet, a1 };
  } catch (error) {
    if (!(error instanceof RangeError400)) throw error;
  }
  throw invalid(`Unable to parse range: ${range}`);
}

/** A range that names rows or columns past the grid is refused, reads and writes alike. */
function checkGrid(sheet: FakeSheet, a1: A1Range, range: string, extent?: { rows: number; columns: number }) {
  const lastRow = Math.max(a1.endRow ?? a1.startRow, a1.startRow + (extent?.rows ?? 1) - 1);
  const lastColumn = Math.max(a1.endColumn ?? a1.startColumn, a1.startColumn + (extent?.columns ?? 1) - 1);
  if (exceedsGrid(sheet, lastRow, lastColumn)) throw invalid(gridLimitMessage(sheet, range));
}

function printRange(sheet: FakeSheet, a1: A1Range, rows: FakeValue[][]): string {
  const width = Math.max(1, ...rows.map((r) => r.length));
  const endRow = a1.endRow ?? a1.startRow + Math.max(rows.length, 1) - 1;
  const endColumn = a1.endColumn ?? a1.startColumn + width - 1;
  return `${quoteTab(sheet.title)}!${columnLetters(a1.startColumn)}${a1.startRow + 1}:${columnLetters(endColumn)}${endRow + 1}`;
}

function valueRange(book: FakeSpreadsheet, range: string, query: URLSearchParams) {
  if ((query.get("majorDimension") ?? "ROWS") !== "ROWS")
    throw invalid("the fake serves majorDimension ROWS only");
  const { sheet, a1 } = resolve(book, range);
  if (a1.endRow !== undefined || a1.endColumn !== undefined) checkGrid(sheet, a1, range);
  const option = (query.get("valueRenderOption") ?? "FORMATTED_VALUE") as RenderOption;
  const values = readRange(sheet, a1, option);
  return {
    range: printRange(sheet, a1, values),
    majorDimension: "ROWS",
    ...(values.length > 0 ? { values } : {}),
  };
}

/** `GET /v4/spreadsheets/{id}/values/{range}` */
export function valuesGet(book: FakeSpreadsheet, range: string, query: URLSearchParams) {
  return valueRange(book, range, query);
}

/** `GET /v4/spreadsheets/{id}/values:batchGet`: one bad range fails the whole call. */
export function valuesBatchGet(book: FakeSpreadsheet, query: URLSearchParams) {
  const ranges = query.getAll("ranges");
  return { spreadsheetId: book.id, valueRanges: ranges.map((range) => valueRange(book, range, query)) };
}

interface ValueRangeInput {
  range?: string;
  values?: FakeValue[][];
  majorDimension?: string;
}

/** `POST /v4/spreadsheets/{id}/values:batchUpdate`: validated whole, then applied (all or nothing). */
export function valuesBatchUpdate(
  book: FakeSpreadsheet,
  body: { valueInputOption?: string; data?: ValueRangeInput[] },
) {
  if (body.valueInputOption !== "RAW" && body.valueInputOption !== "USER_ENTERED") {
    throw invalid("'valueInputOption' is required but not specified");
  }
  const planned = (body.data ?? []).map((entry) => {
    if ((entry.majorDimension ?? "ROWS") !== "ROWS")
      throw invalid("the fake serves majorDimension ROWS only");
    const range = entry.range ?? "";
    const { sheet, a1 } = resolve(book, range);
    const values = entry.values ?? [];
    const tooTall = a1.endRow !== undefined && a1.startRow + values.length - 1 > a1.endRow;
    const tooWide =
      a1.endColumn !== undefined &&
      values.some((row) => a1.startColumn + row.length - 1 > (a1.endColumn ?? 0));
    if (tooTall || tooWide) {
      throw invalid(`Requested writing within range [${range}], but tried writing beyond it.`);
    }
    const extent = { rows: values.length, columns: Math.max(1, ...values.map((row) => row.length)) };
    checkGrid(sheet, a1, range, extent);
    return { sheet, a1, values };
  });
  const responses = planned.map(({ sheet, a1, values }) => {
    values.forEach((row, r) => {
      row.forEach((value, c) => {
        // Documented: null values are skipped; an empty string clears the cell.
        if (value === null) return;
        const cell = cellAt(sheet, a1.startRow + r, a1.startColumn + c);
        const formula =
          body.valueInputOption === "USER_ENTERED" && typeof value === "string" && value.startsWith("=");
        cell.formula = formula ? (value as string) : undefined;
        cell.value = value === "" || formula ? null : value;
      });
    });
    const cells = values.reduce((n, row) => n + row.length, 0);
    return {
      spreadsheetId: book.id,
      updatedRange: printRange(sheet, a1, values),
      updatedRows: values.length,
      updatedColumns: Math.max(0, ...values.map((r) => r.length)),
      updatedCells: cells,
    };
  });
  return {
    spreadsheetId: book.id,
    totalUpdatedRows: responses.reduce((n, r) => n + r.updatedRows, 0),
    totalUpdatedCells: responses.reduce((n, r) => n + r.updatedCells, 0),
    totalUpdatedSheets: new Set(planned.map((p) => p.sheet.sheetId)).size,
    responses,
  };
}

export function sheetProperties(sheet: FakeSheet, index: number) {
  return {
    sheetId: sheet.sheetId,
    title: sheet.title,
    index,
    sheetType: "GRID",
    gridProperties: { rowCount: sheet.rowCount, columnCount: sheet.columnCount },
  };
}

/** An ExtendedValue: `#N/A` and the other error texts are errorValues, as Sheets reports them. */
function extended(value: FakeValue): object | undefined {
  if (value === null || value === "") return undefined;
  if (typeof value === "number") return { numberValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (/^#(?:N\/A|REF!|VALUE!|DIV\/0!|NAME\?|NUM!|NULL!|ERROR!)$/.test(value))
    return { errorValue: { type: value === "#N/A" ? "N_A" : "ERROR", message: value } };
  return { stringValue: value };
}

function cellData(cell: FakeCell | undefined): object {
  if (!cell) return {};
  const data: Record<string, unknown> = {};
  const entered = cell.formula !== undefined ? { formulaValue: cell.formula } : extended(cell.value);
  if (entered) data.userEnteredValue = entered;
  const effective = extended(cell.value);
  if (effective) {
    data.effectiveValue = effective;
    data.formattedValue = renderCell(cell, "FORMATTED_VALUE");
  }
  if (cell.note) data.note = cell.note;
  return data;
}

/** A sheet's cells in a range as GridData (rows and cells after the last value left out). */
function gridData(sheet: FakeSheet, a1: A1Range) {
  const lastRow = Math.min(sheet.cells.length - 1, a1.endRow ?? Number.POSITIVE_INFINITY);
  const rowData: { values?: object[] }[] = [];
  for (let r = a1.startRow; r <= lastRow; r++) {
    const source = sheet.cells[r] ?? [];
    const lastColumn = Math.min(source.length - 1, a1.endColumn ?? Number.POSITIVE_INFINITY);
    const values: object[] = [];
    for (let c = a1.startColumn; c <= lastColumn; c++) values.push(cellData(source[c]));
    while (values.length > 0 && Object.keys(values[values.length - 1] ?? {}).length === 0) values.pop();
    rowData.push(values.length > 0 ? { values } : {});
  }
  while (rowData.length > 0 && rowData[rowData.length - 1]?.values === undefined) rowData.pop();
  return { startRow: a1.startRow, startColumn: a1.startColumn, rowData };
}

/**
 * `GET /v4/spreadsheets/{id}`: the sheets' properties, and with `ranges` only the sheets those
 * ranges are on, with their grid data when `includeGridData=true` or the `fields` mask asks for it.
 */
export function spreadsheetsGet(book: FakeSpreadsheet, query: URLSearchParams) {
  const fields = query.get("fields");
  const ranges = query.getAll("ranges").map((range) => ({ range, ...resolve(book, range) }));
  const withData = query.get("includeGridData") === "true" || maskSelects(fields, "sheets.data");
  const shown =
    ranges.length === 0 ? book.sheets : book.sheets.filter((s) => ranges.some((r) => r.sheet === s));
  const sheets = shown.map((sheet) => {
    const entry: Record<string, unknown> = { properties: sheetProperties(sheet, book.sheets.indexOf(sheet)) };
    if (withData) {
      const mine = ranges.filter((r) => r.sheet === sheet);
      mine.forEach(({ sheet: s, a1, range }) => {
        if (a1.endRow !== undefined || a1.endColumn !== undefined) checkGrid(s, a1, range);
      });
      entry.data = mine.map(({ a1 }) => gridData(sheet, a1));
    }
    return entry;
  });
  return applyFieldMask(
    { spreadsheetId: book.id, properties: { title: book.id, locale: "en_US" }, sheets },
    fields,
  );
}
