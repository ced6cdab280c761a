import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createDataFolder } from "../../../src/adapters/data-folder/index.ts";
import { createXlsxWorkbooks } from "../../../src/adapters/xlsx-workbooks/index.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { sampleRegistry } from "../../support/registry-fixture.ts";
import { writeWorkbook } from "../../support/workbooks.ts";
import { ATTENDANCE_HEADER } from "./facility-workbooks.ts";

/** A text placed only in files outside the data and workbooks folders: seeing it means a key escaped. */
export const ESCAPE_MARKER = "ESCAPED-DECOY-4c1d";

export interface HostileApp extends TestApp {
  root: string;
  /** Every file under the temp root, relative, for before/after comparison. */
  files(): Promise<string[]>;
  dispose(): Promise<void>;
}

async function walk(dir: string, root: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? walk(join(dir, e.name), root) : Promise.resolve([relative(root, join(dir, e.name))]),
    ),
  );
  return nested.flat().sort();
}

/**
 * The real app in local mode (`.xlsx` workbooks, data folder) under one temp root that also holds
 * decoy files beside the two folders: a workbook and a snapshot whose text is {@link ESCAPE_MARKER}.
 * The registry names one facility whose `sheetId` is `../decoy`.
 */
export async function startHostileApp(): Promise<HostileApp> {
  const root = await mkdtemp(join(tmpdir(), "tops-hostile-"));
  const workbooks = join(root, "workbooks");
  const data = join(root, "data");
  await mkdir(data, { recursive: true });
  const tabs = {
    ATTENDANCE: [ATTENDANCE_HEADER, ["player 1", "Player 1", "MS_1", "MS", false, "", false]],
    SCHEDULE: [
      ["matchNumber", "teamCode1", "teamCode2", "team1Score", "team2Score"],
      [1, "MS_1", "MS_2", null, null],
    ],
    CSV: [
      ["matchNumber", "teamCode1", "teamCode2"],
      [1, "MS_1", "MS_2"],
    ],
    STANDINGSCSV: [
      ["Team Code", "Player"],
      ["MS_1", "Player 1"],
    ],
  };
  for (const id of ["open-hall-a", "open-hall-b", "open-sun-hall-a", "dual-court"])
    await writeWorkbook(workbooks, id, tabs);
  await writeWorkbook(root, "decoy", {
    ...tabs,
    ATTENDANCE: [ATTENDANCE_HEADER, [ESCAPE_MARKER, ESCAPE_MARKER, "", "", false, "", false]],
  });
  await writeFile(join(root, "decoy.json"), JSON.stringify({ marker: ESCAPE_MARKER }));
  const registry = sampleRegistry();
  registry.events["open-2026"].days["open-sat"].facilities.push({ name: "Decoy", sheetId: "../decoy" });
  const spreadsheets = createXlsxWorkbooks({ dir: workbooks });
  const t = await startTestApp({
    registry,
    spreadsheets,
    repository: createDataFolder(data),
    env: { ARCHIVE_MIN_INTERVAL_MS: "0" },
  });
  return {
    ...t,
    root,
    files: () => walk(root, root),
    async dispose() {
      await t.close();
      spreadsheets.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
