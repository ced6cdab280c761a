import { tabsOf } from "../features/sync/read-facility.ts";
import type { AccessProbe } from "../ports/access-probe.ts";
import type { Spreadsheets } from "../ports/spreadsheet.ts";
import type { DayRef, Registry } from "../registry/types.ts";
import { AppError } from "../shared/errors.ts";
import { type Check, fail, pass, skip, warn } from "./check.ts";

/** Workbooks checked at once: each costs one Sheets call and one Drive call. */
const AT_ONCE = 4;
/** No workbook check starts later than this after the first, so the preflight answers within Cloud Run's time-out. */
export const WORKBOOKS_WITHIN_MS = 120_000;

/** One workbook and what the registry asks of it, over every facility and day that names it. */
export interface WorkbookUse {
  sheetId: string;
  /** `Rizal Hall (open-sat)`, … */
  uses: string[];
  /** The same, as the day key and facility name a trigger sends. */
  places: { dayKey: string; facility: string }[];
  /** The tabs the registry makes the service read or write. */
  tabs: Set<string>;
}

/**
 * The workbooks of the coming days, each once: the matches and standings tabs the registry names
 * (per day or by default), the roster tab of a team event, and `SCHEDULE` where score entry is
 * on. `ATTENDANCE` is not asked for: the service creates it when missing.
 */
export function workbookUses(registry: Registry, days: readonly DayRef[]): WorkbookUse[] {
  const bySheet = new Map<string, WorkbookUse>();
  for (const ref of days) {
    const names = tabsOf(registry, ref);
    const tabs = [names.matches, names.standings, ...(names.roster ? [names.roster] : [])];
    if (ref.event.scoreEntry !== undefined) tabs.push("SCHEDULE");
    for (const facility of ref.day.facilities) {
      if (!facility.sheetId) continue;
      const use = bySheet.get(facility.sheetId) ?? {
        sheetId: facility.sheetId,
        uses: [],
        places: [],
        tabs: new Set(),
      };
      use.uses.push(`${facility.name} (${ref.dayKey})`);
      use.places.push({ dayKey: ref.dayKey, facility: facility.name });
      for (const tab of tabs) use.tabs.add(tab);
      bySheet.set(facility.sheetId, use);
    }
  }
  return [...bySheet.values()];
}

/** `Rizal Hall (open-sat): workbook wb-rizal`, with the first two uses named. */
export function subjectOf(use: WorkbookUse): string {
  const more = use.uses.length > 2 ? ` and ${use.uses.length - 2} more` : "";
  return `${use.uses.slice(0, 2).join(", ")}${more}: workbook ${use.sheetId}`;
}

async function checkWorkbook(
  spreadsheets: Spreadsheets,
  probe: AccessProbe,
  account: string,
  use: WorkbookUse,
): Promise<Check[]> {
  const subject = subjectOf(use);
  const share = `Share the workbook with ${account} as Editor (never "anyone with the link").`;
  let titles: string[];
  try {
    titles = await spreadsheets.listTabs(use.sheetId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found")
      return [
        fail(
          "workbook-access",
          subject,
          "no workbook has this id",
          "Copy the id from the workbook's address (…/spreadsheets/d/<id>/edit) into the registry's sheetId.",
        ),
      ];
    const message = (error as Error).message;
    if (/share it with/.test(message))
      return [fail("workbook-access", subject, "the service account cannot open the workbook", share)];
    return [
      warn(
        "workbook-access",
        subject,
        `the workbook could not be checked: ${message}`,
        "Run the preflight again in a minute (the Sheets quota is 60 reads a minute).",
      ),
    ];
  }
  const access = await probe.workbook(use.sheetId);
  const accessCheck =
    access.kind === "edit"
      ? pass("workbook-access", subject, `shared with ${account} as Editor`)
      : access.kind === "read-only"
        ? fail(
            "workbook-access",
            subject,
            `shared with ${account} as Viewer or Commenter, so attendance marks and scores cannot be written`,
            share,
          )
        : access.kind === "not-shared"
          ? fail(
              "workbook-access",
              subject,
              `not shared with ${account}: it is read only through its link and the API key`,
              share,
            )
          : warn(
              "workbook-access",
              subject,
              "the workbook opens, but whether the account may edit it is unknown",
              `${access.reason[0]?.toUpperCase() ?? ""}${access.reason.slice(1)}.`,
            );
  const missing = [...use.tabs].filter((tab) => !titles.includes(tab));
  const tabsCheck =
    missing.length === 0
      ? pass("workbook-tabs", subject, `has the tabs ${[...use.tabs].join(", ")}`)
      : fail(
          "workbook-tabs",
          subject,
          `has no tab ${missing.map((t) => `"${t}"`).join(", ")} (its tabs: ${titles.join(", ") || "none"})`,
          "Add the missing tabs from the workbook template, or name the workbook's own tabs in the registry (matchesSheetName, standingsSheetName, rosterSheetName).",
        );
  return [accessCheck, tabsCheck];
}

/**
 * Checks every workbook of the coming days, a few at a time: shared with the service account as
 * Editor, and holding the tabs the registry names.
 * @example const checks = await workbookChecks({ spreadsheets, probe }, registry, days);
 */
export async function workbookChecks(
  deps: { spreadsheets: Spreadsheets; probe: AccessProbe; withinMs?: number },
  registry: Registry,
  days: readonly DayRef[],
): Promise<Check[]> {
  const uses = workbookUses(registry, days);
  const account = await deps.probe.account();
  const results: Check[][] = new Array(uses.length);
  const withinMs = deps.withinMs ?? WORKBOOKS_WITHIN_MS;
  const deadline = performance.now() + withinMs;
  let next = 0;
  const worker = async () => {
    while (next < uses.length && performance.now() < deadline) {
      const index = next++;
      results[index] = await checkWorkbook(
        deps.spreadsheets,
        deps.probe,
        account,
        uses[index] as WorkbookUse,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, uses.length) }, worker));
  const left = uses.length - next;
  if (left > 0)
    results.push([
      skip(
        "workbook-access",
        `${left} more workbook${left === 1 ? "" : "s"}`,
        `not checked: the preflight gives the workbooks ${withinMs / 1000} s and the spreadsheet service was slow; run it again`,
      ),
    ]);
  return results.flat();
}
