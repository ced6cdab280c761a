import { randomBytes } from "node:crypto";
import { open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { AppError } from "../../shared/errors.ts";
import { assertSafeSheetId, missingWorkbook } from "./sheet-id.ts";

/** A workbook as read from its file, with the stamp that says which version of the file it is. */
export interface LoadedFile {
  workbook: ExcelJS.Workbook;
  /** Inode, size and modification time: any replacement or hand edit changes it. */
  stamp: string;
}

/** The path of a workbook's file; refuses ids that are not plain file names. */
export function workbookPath(dir: string, sheetId: string): string {
  assertSafeSheetId(sheetId);
  return join(dir, `${sheetId}.xlsx`);
}

/** The current stamp of a workbook's file; a missing file is `not_found`. */
export async function fileStamp(dir: string, sheetId: string): Promise<string> {
  try {
    const info = await stat(workbookPath(dir, sheetId));
    return `${info.ino}:${info.size}:${info.mtimeMs}`;
  } catch (error) {
    throw missingOr(error, sheetId);
  }
}

/**
 * Reads a workbook; the stamp is taken from the open file itself, so it always matches the bytes read
 * even when the file is replaced meanwhile.
 */
export async function readWorkbookFile(dir: string, sheetId: string): Promise<LoadedFile> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(workbookPath(dir, sheetId), "r");
  } catch (error) {
    throw missingOr(error, sheetId);
  }
  try {
    const info = await handle.stat();
    const bytes = await handle.readFile();
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new AppError("upstream_failure", `workbook ${sheetId} is not a readable .xlsx file`);
    }
    return { workbook, stamp: `${info.ino}:${info.size}:${info.mtimeMs}` };
  } finally {
    await handle.close();
  }
}

/** Saves a workbook atomically (a temporary file renamed over the old one) and returns the new stamp. */
export async function writeWorkbookFile(
  dir: string,
  sheetId: string,
  workbook: ExcelJS.Workbook,
): Promise<string> {
  const path = workbookPath(dir, sheetId);
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await workbook.xlsx.writeFile(temporary);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new AppError(
      "upstream_failure",
      `workbook ${sheetId} could not be saved: ${(error as Error).message}`,
    );
  }
  return fileStamp(dir, sheetId);
}

function missingOr(error: unknown, sheetId: string): Error {
  if ((error as NodeJS.ErrnoException).code === "ENOENT") return missingWorkbook(sheetId);
  if (error instanceof AppError) return error;
  return new AppError("upstream_failure", `workbook ${sheetId} cannot be read: ${(error as Error).message}`);
}
