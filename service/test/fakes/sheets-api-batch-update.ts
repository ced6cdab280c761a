import { type FakeSpreadsheet, GoogleApiError } from "./google-api-error.ts";
import { sheetProperties } from "./sheets-api-methods.ts";
import { cellAt, type FakeSheet, type FakeValue } from "./sheets-workbook-model.ts";

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

interface UpdateCellsRequest {
  start?: { sheetId?: number; rowIndex?: number; columnIndex?: number };
  rows?: { values?: CellData[] }[];
  fields?: string;
}

interface BatchRequest {
  addSheet?: { properties?: { title?: string } };
  updateCells?: UpdateCellsRequest;
}

const UPDATABLE_FIELDS = new Set(["userEnteredValue", "note"]);

function entered(value: ExtendedValue | undefined): { value: FakeValue; formula?: string } {
  if (value?.formulaValue !== undefined) return { value: null, formula: value.formulaValue };
  return { value: value?.numberValue ?? value?.stringValue ?? value?.boolValue ?? null };
}

/** Checks one request and returns the change it makes, applied only once every request passed. */
function plan(
  book: FakeSpreadsheet,
  request: BatchRequest,
  index: number,
  titles: Set<string>,
): () => object {
  const invalid = (kind: string, message: string) =>
    GoogleApiError.invalid(`Invalid requests[${index}].${kind}: ${message}`);
  if (request.addSheet) {
    const title = request.addSheet.properties?.title ?? `Sheet${book.sheets.length + 1}`;
    // Sheets compares tab names without regard to case.
    if (titles.has(title.toLowerCase())) {
      throw invalid(
        "addSheet",
        `A sheet with the name "${title}" already exists. Please enter another name.`,
      );
    }
    titles.add(title.toLowerCase());
    return () => {
      const sheet: FakeSheet = { sheetId: book.nextSheetId++, title, cells: [] };
      book.sheets.push(sheet);
      return { addSheet: { properties: sheetProperties(sheet, book.sheets.length - 1) } };
    };
  }
  if (request.updateCells) {
    const { start, rows = [], fields = "" } = request.updateCells;
    const sheetId = start?.sheetId ?? 0;
    const sheet = book.sheets.find((s) => s.sheetId === sheetId);
    if (!sheet) throw invalid("updateCells", `No grid with id: ${sheetId}`);
    const names =
      fields === "*"
        ? [...UPDATABLE_FIELDS]
        : fields
            .split(",")
            .map((f) => f.trim())
            .filter(Boolean);
    if (names.length === 0) {
      throw invalid(
        "updateCells",
        "At least one field must be updated. Specify the fields in the 'fields' parameter.",
      );
    }
    const unknown = names.find((n) => !UPDATABLE_FIELDS.has(n));
    if (unknown) throw invalid("updateCells", `the fake does not update the field "${unknown}"`);
    return () => {
      rows.forEach((row, r) => {
        (row.values ?? []).forEach((data, c) => {
          const cell = cellAt(sheet, (start?.rowIndex ?? 0) + r, (start?.columnIndex ?? 0) + c);
          // A field named in the mask but absent from the CellData is cleared.
          if (names.includes("userEnteredValue"))
            Object.assign(cell, { formula: undefined }, entered(data.userEnteredValue));
          if (names.includes("note")) cell.note = data.note || undefined;
        });
      });
      return {};
    };
  }
  throw GoogleApiError.invalid(`Invalid requests[${index}]: the fake knows addSheet and updateCells only`);
}

/** `POST /v4/spreadsheets/{id}:batchUpdate`: every request is validated before any applies. */
export function spreadsheetsBatchUpdate(book: FakeSpreadsheet, body: { requests?: BatchRequest[] }) {
  const titles = new Set(book.sheets.map((s) => s.title.toLowerCase()));
  const changes = (body.requests ?? []).map((request, index) => plan(book, request, index, titles));
  return { spreadsheetId: book.id, replies: changes.map((apply) => apply()) };
}
