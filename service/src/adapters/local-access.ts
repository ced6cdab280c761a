import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { AccessProbe, RepositoryAccess, WorkbookAccess } from "../ports/access-probe.ts";
import { assertRepositoryPath } from "./data-folder/repository-path.ts";
import { assertSafeSheetId } from "./xlsx-workbooks/sheet-id.ts";

async function allows(path: string, mode: number): Promise<boolean> {
  try {
    await access(path, mode);
    return true;
  } catch {
    return false;
  }
}

/**
 * The access probe of the local backends: a workbook is editable when its `.xlsx` file may be
 * written; the data folder is read and written when its files and folders may be.
 * @example const probe = localAccessProbe({ workbooksDir: "./local/workbooks", dataDir: "./local/data" });
 */
export function localAccessProbe(dirs: {
  workbooksDir?: string;
  dataDir?: string;
}): Pick<AccessProbe, "workbook" | "repository"> {
  return {
    async workbook(sheetId): Promise<WorkbookAccess> {
      if (dirs.workbooksDir === undefined) return { kind: "unknown", reason: "no local workbooks folder" };
      assertSafeSheetId(sheetId);
      const file = join(resolve(dirs.workbooksDir), `${sheetId}.xlsx`);
      if (!(await allows(file, constants.R_OK))) return { kind: "not-shared" };
      return (await allows(file, constants.W_OK)) ? { kind: "edit" } : { kind: "read-only" };
    },
    async repository(path): Promise<RepositoryAccess> {
      const base = resolve(dirs.dataDir ?? ".");
      const access: RepositoryAccess = { location: base, read: "ok" };
      if (dirs.dataDir === undefined) return { ...access, read: "unreachable" };
      const file = join(base, assertRepositoryPath(path));
      if (!(await allows(file, constants.R_OK))) return { ...access, read: "missing" };
      return { ...access, write: (await allows(file, constants.W_OK)) ? "ok" : "read-only" };
    },
  };
}
