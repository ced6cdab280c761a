import { link, mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { REGISTRY_PATH } from "../registry/store.ts";
import { comingWeekend, type Weekend } from "./calendar.ts";
import { demoTournament } from "./tournament.ts";
import { exists, writeFacilityWorkbook } from "./workbook.ts";

export { comingWeekend, type Weekend, weekendAhead, weekendOf } from "./calendar.ts";
export { type DemoTournament, demoTournament } from "./tournament.ts";

/** What {@link createDemoTournament} did. */
export interface DemoOutcome {
  /** Whether `config/events.json` was written (false: one was there, and was kept). */
  registryCreated: boolean;
  /** The sheet ids of the workbooks written; existing workbooks are kept as they are. */
  workbooksCreated: string[];
  /** The Saturday and Sunday the demo registry dates its days on. */
  weekend: { saturday: string; sunday: string };
}

/**
 * Creates the demo tournament in a local data folder and workbooks folder: the registry and one
 * `.xlsx` workbook per facility, on `weekend` (default: the coming one). Nothing that exists is
 * overwritten, so an edited registry or a workbook with real scores survives every later start.
 * @example await createDemoTournament({ dataDir: "./local/data", workbooksDir: "./local/workbooks", now: Date.now() });
 */
export async function createDemoTournament(options: {
  dataDir: string;
  workbooksDir: string;
  now: number;
  weekend?: Weekend;
}): Promise<DemoOutcome> {
  const weekend = options.weekend ?? comingWeekend(options.now);
  const { registry, facilities } = demoTournament(weekend);
  await mkdir(options.workbooksDir, { recursive: true });
  const workbooksCreated: string[] = [];
  for (const draw of facilities) {
    if (await writeFacilityWorkbook(options.workbooksDir, draw)) workbooksCreated.push(draw.sheetId);
  }
  const registryFile = join(options.dataDir, REGISTRY_PATH);
  let registryCreated = false;
  if (!(await exists(registryFile))) {
    await mkdir(dirname(registryFile), { recursive: true });
    const aside = `${registryFile}.${process.pid}.tmp`;
    await writeFile(aside, `${JSON.stringify(registry, null, 2)}\n`);
    try {
      await link(aside, registryFile);
      registryCreated = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      await rm(aside, { force: true });
    }
  }
  return { registryCreated, workbooksCreated, weekend };
}
