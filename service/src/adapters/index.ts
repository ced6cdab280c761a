import type { Config } from "../config/environment.ts";
import type { DataRepository } from "../ports/data-repository.ts";
import type { Spreadsheets } from "../ports/spreadsheet.ts";
import { createDataFolder } from "./data-folder/index.ts";
import { createGitHubContents } from "./github-contents/index.ts";
import { createGoogleSheets } from "./google-sheets/index.ts";
import { createXlsxWorkbooks } from "./xlsx-workbooks/index.ts";

export interface AdapterDeps {
  logger: { warn(obj: object, msg: string): void };
}

export interface Adapters {
  spreadsheets: Spreadsheets;
  dataRepository: DataRepository;
}

/**
 * Chooses the adapter of each port once, from the typed config: Google Sheets or local `.xlsx`
 * workbooks, GitHub or a local data folder. Feature code never asks which one it got.
 * @example const { spreadsheets, dataRepository } = createAdapters(config, { logger });
 */
export function createAdapters(config: Config, deps: AdapterDeps): Adapters {
  const { sheets, data } = config;
  const spreadsheets =
    sheets.backend === "google"
      ? createGoogleSheets({ ...sheets, logger: deps.logger })
      : createXlsxWorkbooks({ dir: sheets.workbooksDir, logger: deps.logger });
  const dataRepository =
    data.backend === "github" ? createGitHubContents(data) : createDataFolder(data.dataDir);
  return { spreadsheets, dataRepository };
}
