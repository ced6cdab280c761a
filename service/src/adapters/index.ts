import type { Config } from "../config/environment.ts";
import type { AccessProbe } from "../ports/access-probe.ts";
import type { DataRepository } from "../ports/data-repository.ts";
import type { LiveRelay } from "../ports/live-relay.ts";
import type { Spreadsheets } from "../ports/spreadsheet.ts";
import { type Clock, systemClock } from "../shared/clock.ts";
import { createDataFolder } from "./data-folder/index.ts";
import { createGitHubContents, githubRepositoryAccess } from "./github-contents/index.ts";
import { workbookEditAccess } from "./google-sheets/edit-access.ts";
import {
  createGoogleSheets,
  defaultSheetsCredentials,
  type SheetsCredentials,
} from "./google-sheets/index.ts";
import { localAccessProbe } from "./local-access.ts";
import { createRelayClient } from "./relay-client/index.ts";
import { lazyXlsxWorkbooks } from "./xlsx-workbooks/lazy.ts";

export interface AdapterDeps {
  logger: { warn(obj: object, msg: string): void };
  /** The relay client's clock (nudge cool-down); the system's unless a test controls it. */
  clock?: Clock;
}

export interface Adapters {
  spreadsheets: Spreadsheets;
  dataRepository: DataRepository;
  /** What the preflight asks of the same backends, changing nothing. */
  accessProbe: AccessProbe;
  /** The live relay's client, when `LIVE_PUSH_URL` and `LIVE_PUSH_SECRET` are both set. */
  liveRelay: LiveRelay | undefined;
}

/**
 * Chooses the adapter of each port once, from the typed config: Google Sheets or local `.xlsx`
 * workbooks, GitHub or a local data folder, the access probe of the same backends, and the live
 * relay's client when it is configured. Feature
 * code never asks which one it got.
 * @example const { spreadsheets, dataRepository, accessProbe, liveRelay } = createAdapters(config, { logger });
 */
export function createAdapters(config: Config, deps: AdapterDeps): Adapters {
  const { sheets, data } = config;
  // One token source for the Sheets calls and the Drive question, so both speak as the same account.
  const credentials = sheets.backend === "google" ? defaultSheetsCredentials(sheets) : undefined;
  return {
    spreadsheets:
      sheets.backend === "google"
        ? createGoogleSheets({ ...sheets, credentials, logger: deps.logger })
        : lazyXlsxWorkbooks({ dir: sheets.workbooksDir, logger: deps.logger }),
    dataRepository: data.backend === "github" ? createGitHubContents(data) : createDataFolder(data.dataDir),
    accessProbe: createAccessProbe(config, credentials),
    liveRelay:
      config.live.pushUrl && config.live.pushSecret
        ? createRelayClient({
            baseUrl: config.live.pushUrl,
            secret: config.live.pushSecret,
            pushTimeoutMs: config.live.pushTimeoutMs,
            clock: deps.clock ?? systemClock,
            logger: deps.logger,
          })
        : undefined,
  };
}

/**
 * The access probe of the configured backends: Google Drive's answer or the local workbook file;
 * the GitHub Contents API or the local data folder. No I/O until a question is asked.
 * @example const probe = createAccessProbe(config); await probe.workbook(sheetId);
 */
export function createAccessProbe(config: Config, credentials?: SheetsCredentials): AccessProbe {
  const { sheets, data } = config;
  const local = localAccessProbe({
    workbooksDir: sheets.backend === "local" ? sheets.workbooksDir : undefined,
    dataDir: data.backend === "local" ? data.dataDir : undefined,
  });
  const repository = data.backend === "github" ? githubRepositoryAccess(data) : local.repository;
  if (sheets.backend === "local")
    return {
      account: async () => "this machine's user",
      credentials: async () => undefined,
      workbook: local.workbook,
      repository,
    };
  const google = credentials ?? defaultSheetsCredentials(sheets);
  return {
    account: async () =>
      (await google.serviceAccountEmail()) ?? sheets.serviceAccountEmail ?? "the service account",
    credentials: () => google.check(),
    workbook: (sheetId) => workbookEditAccess({ ...sheets, credentials: google }, sheetId),
    repository,
  };
}
