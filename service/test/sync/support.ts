import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGitHubContents } from "../../src/adapters/github-contents/index.ts";
import { createGoogleSheets, MAX_TRIES } from "../../src/adapters/google-sheets/index.ts";
import { createXlsxWorkbooks } from "../../src/adapters/xlsx-workbooks/index.ts";
import type { DataRepository } from "../../src/ports/data-repository.ts";
import type { LiveRelay } from "../../src/ports/live-relay.ts";
import type { Spreadsheets } from "../../src/ports/spreadsheet.ts";
import { CALL_COLUMNS } from "../../src/shared/call-columns.ts";
import type { Clock } from "../../src/shared/clock.ts";
import { startGitHubApiFake } from "../fakes/github-api-fake.ts";
import { startSheetsApiFake } from "../fakes/sheets-api-fake.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { writeWorkbook } from "../support/workbooks.ts";

export { MATCH_HEADER, matchRows, standingsRows } from "./support-rows.ts";

/**
 * A workbook as the service leaves it after its first sync: with its `CALLS` tab (its header row),
 * unless the test gives its own. (A workbook without one costs its first sync two more requests.)
 */
function withCallsTab<T>(tabs: Record<string, T[][]>): Record<string, T[][]> {
  return "CALLS" in tabs ? tabs : { ...tabs, CALLS: [[...CALL_COLUMNS] as T[]] };
}

/** Where the sync reads workbooks and writes snapshots: local files, or the HTTP fakes through the production adapters. */
export type Mode = "local" | "fakes";

export interface SyncEnvOptions {
  env?: Record<string, string>;
  registry?: unknown;
  clock?: Clock;
  liveRelay?: LiveRelay;
  /** Latency added to each Sheets call (the fake's latency, or a pause before each local read). */
  sheetsLatencyMs?: number;
}

/**
 * A running app over one of the two modes, with helpers to set a facility's tabs and to count
 * Sheets reads and repository writes as the upstream sees them.
 * @example const env = await startSyncEnv("local"); await env.setFacility("open-hall-a", { CSV: matchRows("A", 3) });
 */
export async function startSyncEnv(mode: Mode, options: SyncEnvOptions = {}) {
  const cleanups: Array<() => Promise<void>> = [];
  let spreadsheets: Spreadsheets;
  let repository: DataRepository | undefined;
  let setFacility: (sheetId: string, tabs: Record<string, (string | number | null)[][]>) => Promise<void>;
  let sheetsReads: () => number;
  let repositoryWrites: () => number;
  let failNextRead: (sheetId: string) => void;
  if (mode === "local") {
    const dir = await mkdtemp(join(tmpdir(), "tops-workbooks-"));
    const local = createXlsxWorkbooks({ dir });
    cleanups.push(async () => {
      local.close();
      await rm(dir, { recursive: true, force: true });
    });
    let reads = 0;
    const failing = new Set<string>();
    spreadsheets = Object.create(local) as Spreadsheets;
    spreadsheets.readTabs = async (sheetId, tabs, render) => {
      reads++;
      if (options.sheetsLatencyMs)
        await new Promise((resolve) => setTimeout(resolve, options.sheetsLatencyMs));
      if (failing.delete(sheetId)) throw new Error(`workbook ${sheetId} could not be read`);
      return local.readTabs(sheetId, tabs, render);
    };
    setFacility = (sheetId, tabs) => writeWorkbook(dir, sheetId, withCallsTab(tabs));
    sheetsReads = () => reads;
    failNextRead = (sheetId) => failing.add(sheetId);
    repositoryWrites = () => 0;
  } else {
    const sheetsFake = await startSheetsApiFake({ tokens: ["test-token"] });
    const github = await startGitHubApiFake({ repo: "acme/data", token: "gh-token" });
    sheetsFake.setLatency(options.sheetsLatencyMs ?? 0);
    cleanups.push(
      () => sheetsFake.close(),
      () => github.close(),
    );
    spreadsheets = createGoogleSheets({
      apiUrl: sheetsFake.url,
      backoffBaseMs: 5,
      exportUrl: sheetsFake.url,
      fetchTimeoutMs: 10_000,
      accessToken: "test-token",
      retryDelayMs: 10,
    });
    repository = createGitHubContents({
      repo: "acme/data",
      branch: "main",
      token: "gh-token",
      apiUrl: github.url,
    });
    setFacility = async (sheetId, tabs) => sheetsFake.setWorkbook(sheetId, withCallsTab(tabs));
    sheetsReads = () => sheetsFake.count("values:batchGet");
    // Every try of the next read: a 500 is retried with backoff before the read fails.
    failNextRead = (sheetId) => sheetsFake.failNext({ status: 500, path: sheetId, times: MAX_TRIES });
    repositoryWrites = () =>
      github.requests.filter((r) => r.method === "PUT" && r.path.includes("/data/")).length;
  }
  const app: TestApp = await startTestApp({
    ...options,
    spreadsheets,
    repository,
    env: { ARCHIVE_MIN_INTERVAL_MS: "0", ...options.env },
  });
  const shared = app.repository;
  const write = shared.write.bind(shared);
  let writes = 0;
  let interfering = 0;
  shared.write = async (path, content, expected, message) => {
    if (path.includes("/data/")) {
      writes++;
      if (interfering > 0) {
        interfering--;
        // Another instance commits first: the same file with a newer read of Hall B.
        const current = await shared.read(path);
        const theirs = current ? JSON.parse(current.content) : { facilities: [] };
        const hallB = {
          name: "Hall B",
          status: "ok",
          fetchedAt: "2099-01-01T00:00:00.000Z",
          matchesCsv: `matchNumber\n${900 + interfering}\n`,
          standingsCsv: "",
        };
        theirs.facilities = [
          ...theirs.facilities.filter((f: { name: string }) => f.name !== "Hall B"),
          hallB,
        ];
        await write(path, JSON.stringify(theirs), current?.revision ?? null, "another instance");
      }
    }
    return write(path, content, expected, message);
  };
  if (mode === "local") repositoryWrites = () => writes;
  return {
    ...app,
    mode,
    setFacility,
    sheetsReads,
    repositoryWrites,
    failNextRead,
    /** The next `n` snapshot writes each lose a race: another writer commits the file just before. */
    interfere(n: number) {
      interfering = n;
    },
    secret: { "x-sync-secret": "sync-secret-for-tests" },
    operator: () => ({ authorization: `Bearer ${app.operatorToken()}` }),
    /** The snapshot file as committed. */
    async published(path = "open-2026/data/open-sat.json") {
      const stored = await app.repository.read(path);
      return stored ? JSON.parse(stored.content) : undefined;
    },
    async close() {
      await app.close();
      for (const cleanup of cleanups) await cleanup();
    },
  };
}

export type SyncEnv = Awaited<ReturnType<typeof startSyncEnv>>;

/** Both modes, for `for (const mode of MODES) describe(...)`. */
export const MODES: Mode[] = ["local", "fakes"];
