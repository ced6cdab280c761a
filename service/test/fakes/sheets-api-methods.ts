import { type FakeSpreadsheet, GoogleApiError } from "./google-api-error.ts";
import {
  type A1Range,
  cellAt,
  columnLetters,
  type FakeSheet,
  type FakeValue,
  parseA1,
  quoteTab,
  RangeError400,
  type RenderOption,
  readRange,
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

function renderOption(query: URLSearchParams): RenderOption {
  const option = query.get("valueRenderOption") ?? "FORMATTED_VALUE";
  if (option === "FORMATTED_VALUE" || option === "UNFORMATTED_VALUE" || option === "FORMULA") return option;
  throw invalid(
    `Invalid value at 'value_render_option' (type.googleapis.com/google.apps.sheets.v4.ValueRenderOption), "${option}"`,
  );
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
  const values = readRange(sheet, a1, renderOption(query));
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
    const { sheet, a1 } = resolve(book, entry.range ?? "");
    const values = entry.values ?? [];
    const tooTall = a1.endRow !== undefined && a1.startRow + values.length - 1 > a1.endRow;
    const tooWide =
      a1.endColumn !== undefined &&
      values.some((row) => a1.startColumn + row.length - 1 > (a1.endColumn ?? 0));
    if (tooTall || tooWide) {
      throw invalid(`Requested writing within range [${entry.range}], but tried writing beyond it.`);
    }
    return { sheet, a1, values, range: entry.range ?? "" };
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
    gridProperties: { rowCount: Math.max(1000, sheet.cells.length), columnCount: 26 },
  };
}

/**
 * `GET /v4/spreadsheets/{id}`. Of the `fields` mask it understands `sheets.properties.<name>` and
 * `sheets.properties(<a>,<b>)`; any other mask gets the whole (small) resource.
 */
export function spreadsheetsGet(book: FakeSpreadsheet, query: URLSearchParams) {
  const fields = query.get("fields") ?? "";
  const wanted = /^sheets\.properties(?:\.(\w+)|\(([\w,]+)\))$/.exec(fields.replaceAll(" ", ""));
  const sheets = book.sheets.map((sheet, index) => {
    const properties: Record<string, unknown> = sheetProperties(sheet, index);
    if (!wanted) return { properties };
    const names = (wanted[1] ?? wanted[2] ?? "").split(",");
    return {
      properties: Object.fromEntries(names.filter((n) => n in properties).map((n) => [n, properties[n]])),
    };
  });
  if (wanted) return { sheets };
  return { spreadsheetId: book.id, properties: { title: book.id, locale: "en_US" }, sheets };
}
