import type { FakeSheet } from "./sheets-workbook-model.ts";

/** An error answer in Google's documented shape `{ error: { code, message, status } }`. */
export class GoogleApiError extends Error {
  readonly code: number;
  readonly status: string;
  constructor(code: number, status: string, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }

  static invalid(message: string): GoogleApiError {
    return new GoogleApiError(400, "INVALID_ARGUMENT", message);
  }

  get body() {
    return { error: { code: this.code, message: this.message, status: this.status } };
  }
}

/** One workbook held by the fake. */
export interface FakeSpreadsheet {
  id: string;
  sheets: FakeSheet[];
  nextSheetId: number;
}
