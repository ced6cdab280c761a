/**
 * A person's row of a workbook's `ATTENDANCE` tab as the `.xlsx` file holds it, read straight with
 * exceljs (not through the service), so a browser test sees what a desk's tap wrote.
 */
import { join } from "node:path";
import ExcelJS from "exceljs";

export interface AttendanceRow {
  present: unknown;
  timeIn: unknown;
  /** The row's cell under the `markedBy` header, if the tab has one. */
  markedBy: unknown;
}

/** The row whose key (column A) is `key` in `<workbooks>/<sheetId>.xlsx`, or undefined. */
export async function attendanceRow(
  workbooks: string,
  sheetId: string,
  key: string,
): Promise<AttendanceRow | undefined> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(workbooks, `${sheetId}.xlsx`));
  const sheet = workbook.getWorksheet("ATTENDANCE");
  if (sheet === undefined) return undefined;
  let markedByColumn: number | undefined;
  sheet.getRow(1).eachCell((cell, column) => {
    if (cell.value === "markedBy") markedByColumn = column;
  });
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (row.getCell(1).value !== key) continue;
    return {
      present: row.getCell(5).value,
      timeIn: row.getCell(6).value,
      markedBy: markedByColumn === undefined ? undefined : row.getCell(markedByColumn).value,
    };
  }
  return undefined;
}
