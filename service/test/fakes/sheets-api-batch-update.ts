import { type FakeSpreadsheet, GoogleApiError } from "./google-api-error.ts";
import { sheetProperties } from "./sheets-api-methods.ts";
import {
  CELL_LIMIT,
  COLUMN_LIMIT,
  cellAt,
  columnLetters,
  DEFAULT_GRID,
  exceedsGrid,
  type FakeSheet,
  type FakeValue,
  gridLimitMessage,
  quoteTab,
} from "./sheets-workbook-model.ts";

interface ExtendedValue {
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  formulaValue?: string;
}

interface CellData {
  userEnteredValue?: ExtendedValue;
  note?: string;
}

interface GridRange {
  sheetId?: number;
  startRowIndex?: number;
  endRowIndex?: number;
  startColumnIndex?: number;
  endColumnIndex?: number;
}

interface UpdateCellsRequest {
  start?: { sheetId?: number; rowIndex?: number; columnIndex?: number };
  range?: GridRange;
  rows?: { values?: CellData[] }[];
  fields?: string;
}

interface SheetPropertiesInput {
  sheetId?: number;
  title?: string;
  index?: number;
  gridProperties?: { rowCount?: number; columnCount?: number };
}

/** The members of one Request the fake applies; the description check has refused the rest. */
interface BatchRequest {
  addSheet?: { properties?: SheetPropertiesInput };
  updateCells?: UpdateCellsRequest;
  appendDimension?: { sheetId?: number; dimension?: string; length?: number };
  [other: string]: unknown;
}

/** Cell data this fake stores; the description check lets other members through only for reads. */
const UPDATABLE_FIELDS = new Set(["userEnteredValue", "note"]);

function entered(value: ExtendedValue | undefined): { value: FakeValue; formula?: string } {
  if (value?.formulaValue !== undefined) return { value: null, formula: value.formulaValue };
  return { value: value?.numberValue ?? value?.stringValue ?? value?.boolValue ?? null };
}

function cellCount(sheets: readonly FakeSheet[]): number {
  return sheets.reduce((n, s) => n + s.rowCount * s.columnCount, 0);
}

/** Applies one request to the workbook copy, refusing it as Sheets does. */
function apply(sheets: FakeSheet[], book: FakeSpreadsheet, request: BatchRequest, index: number): object {
  const invalid = (kind: string, message: string) =>
    GoogleApiError.invalid(`Invalid requests[${index}].${kind}: ${message}`);
  const overCellLimit = (kind: string) => {
    if (cellCount(sheets) > CELL_LIMIT)
      throw invalid(
        kind,
        `This action would increase the number of cells in the workbook above the limit of ${CELL_LIMIT} cells.`,
      );
  };
  const kinds = Object.keys(request);
  if (kinds.length !== 1)
    throw GoogleApiError.invalid(`Invalid requests[${index}]: exactly one kind of request`);
  const sheetWithId = (kind: string, id: number | undefined) => {
    const sheet = sheets.find((s) => s.sheetId === (id ?? 0));
    if (!sheet) throw invalid(kind, `No grid with id: ${id ?? 0}`);
    return sheet;
  };

  if (request.addSheet) {
    const properties = request.addSheet.properties ?? {};
    const title = properties.title ?? `Sheet${sheets.length + 1}`;
    // Sheets compares tab names without regard to case.
    if (sheets.some((s) => s.title.toLowerCase() === title.toLowerCase())) {
      throw invalid(
        "addSheet",
        `A sheet with the name "${title}" already exists. Please enter another name.`,
      );
    }
    const sheetId = properties.sheetId ?? book.nextSheetId++;
    if (sheets.some((s) => s.sheetId === sheetId))
      throw invalid("addSheet", `Sheet with id ${sheetId} already exists.`);
    const grid = properties.gridProperties ?? {};
    const sheet: FakeSheet = {
      sheetId,
      title,
      cells: [],
      rowCount: grid.rowCount ?? DEFAULT_GRID.rowCount,
      columnCount: grid.columnCount ?? DEFAULT_GRID.columnCount,
    };
    sheets.splice(properties.index ?? sheets.length, 0, sheet);
    overCellLimit("addSheet");
    return { addSheet: { properties: sheetProperties(sheet, sheets.indexOf(sheet)) } };
  }

  if (request.appendDimension) {
    const { sheetId, dimension, length = 0 } = request.appendDimension;
    const sheet = sheetWithId("appendDimension", sheetId);
    if (dimension !== "ROWS" && dimension !== "COLUMNS")
      throw invalid("appendDimension", "dimension must be ROWS or COLUMNS");
    if (length <= 0) throw invalid("appendDimension", "length must be greater than zero");
    if (dimension === "ROWS") sheet.rowCount += length;
    else sheet.columnCount += length;
    if (sheet.columnCount > COLUMN_LIMIT)
      throw invalid("appendDimension", `a sheet has at most ${COLUMN_LIMIT} columns`);
    overCellLimit("appendDimension");
    return {};
  }

  if (request.updateCells) {
    const { start, range, rows = [], fields = "" } = request.updateCells;
    if ((start === undefined) === (range === undefined))
      throw invalid("updateCells", "exactly one of start and range must be set");
    const sheet = sheetWithId("updateCells", start?.sheetId ?? range?.sheetId);
    const names = fields === "*" ? [...UPDATABLE_FIELDS] : fields.split(",").filter(Boolean);
    if (names.length === 0) {
      throw invalid(
        "updateCells",
        "At least one field must be specified. Specify the fields in the 'fields' parameter.",
      );
    }
    const unknown = names.find((n) => !UPDATABLE_FIELDS.has(n));
    if (unknown) throw invalid("updateCells", `the fake does not update the field "${unknown}"`);
    const top = start?.rowIndex ?? range?.startRowIndex ?? 0;
    const left = start?.columnIndex ?? range?.startColumnIndex ?? 0;
    const height = range?.endRowIndex !== undefined ? range.endRowIndex - top : rows.length;
    const width = Math.max(1, ...rows.map((row) => row.values?.length ?? 0));
    const lastRow = top + Math.max(height, rows.length, 1) - 1;
    const lastColumn = Math.max(left + width - 1, (range?.endColumnIndex ?? 0) - 1);
    if (exceedsGrid(sheet, lastRow, lastColumn)) {
      const a1 = `${quoteTab(sheet.title)}!${columnLetters(left)}${top + 1}:${columnLetters(lastColumn)}${lastRow + 1}`;
      throw invalid("updateCells", gridLimitMessage(sheet, a1));
    }
    rows.forEach((row, r) => {
      (row.values ?? []).forEach((data, c) => {
        const cell = cellAt(sheet, top + r, left + c);
        // A field named in the mask but absent from the CellData is cleared.
        if (names.includes("userEnteredValue"))
          Object.assign(cell, { formula: undefined }, entered(data.userEnteredValue));
        if (names.includes("note")) cell.note = data.note || undefined;
      });
    });
    return {};
  }
  throw GoogleApiError.invalid(`Invalid requests[${index}]: the fake does not model ${kinds[0]}`);
}

/**
 * `POST /v4/spreadsheets/{id}:batchUpdate`: the requests are applied in order to a copy of the
 * workbook, each seeing the ones before it (a tab added then written), and the copy replaces the
 * workbook only when every request succeeded: all or nothing, as documented.
 */
export function spreadsheetsBatchUpdate(book: FakeSpreadsheet, body: { requests?: BatchRequest[] }) {
  const sheets = structuredClone(book.sheets);
  const nextSheetId = book.nextSheetId;
  try {
    const replies = (body.requests ?? []).map((request, index) => apply(sheets, book, request, index));
    book.sheets = sheets;
    return { spreadsheetId: book.id, replies };
  } catch (error) {
    book.nextSheetId = nextSheetId;
    throw error;
  }
}
