import { AppError } from "../../shared/errors.ts";

/**
 * Checks that a `sheetId` is a plain file name, so `<dir>/<sheetId>.xlsx` can never leave the folder.
 * An unsafe id is reported exactly as a missing workbook: it names no workbook this adapter holds.
 * @example assertSafeSheetId("facility-1"); // ok; assertSafeSheetId("../x") throws not_found
 */
export function assertSafeSheetId(sheetId: string): void {
  const unsafe =
    sheetId.length === 0 ||
    sheetId.length > 200 ||
    sheetId === "." ||
    sheetId.includes("..") ||
    /[/\\:]/.test(sheetId) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(sheetId);
  if (unsafe) throw missingWorkbook(sheetId);
}

/**
 * A `sheetId` with no workbook file, in words a person running the stack can act on (the file it
 * looked for, where).
 * @example missingWorkbook("open-sat-annex-court").message // 'the workbooks folder has no file "open-sat-annex-court.xlsx"'
 */
export function missingWorkbook(sheetId: string): AppError {
  return new AppError("not_found", `the workbooks folder has no file ${JSON.stringify(`${sheetId}.xlsx`)}`);
}
