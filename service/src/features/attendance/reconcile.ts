import type { Rows } from "../../ports/spreadsheet.ts";
import type { FacilityTarget } from "./access.ts";
import { ATTENDANCE_TAB, assertAttendanceHeader, cellText } from "./attendance-tab.ts";
import type { AttendanceDeps } from "./deps.ts";
import { personKey } from "./person-key.ts";
import { planNewTab, planReconciliation, type ReconcilePlan } from "./reconcile-plan.ts";
import type { Roster } from "./roster.ts";
import { createAttendanceTab, notYetInWrite, writeAttendance } from "./write-allowlist.ts";

/** One facility's line in a reconciliation report. */
export interface FacilityReconciliation {
  name: string;
  created: boolean;
  added: number;
  updated: number;
  withdrawn: number;
  /** Present (true) for a facility with no workbook (`sheetId` empty), which is not touched. */
  skipped?: boolean;
}

export interface Reconciled {
  report: FacilityReconciliation;
  /** Whether every added row still holds the person written there when read back. */
  addedRowsHeld: boolean;
}

async function readTab(deps: AttendanceDeps, sheetId: string): Promise<Rows | undefined> {
  return (await deps.spreadsheets.readTabs(sheetId, [ATTENDANCE_TAB], "formatted")).get(ATTENDANCE_TAB);
}

/**
 * Creates the tab whole for the roster; when another instance created it meanwhile, answers its
 * rows instead (`undefined`: created here, with `plan`).
 */
async function createTab(
  deps: AttendanceDeps,
  sheetId: string,
  plan: ReconcilePlan,
): Promise<Rows | undefined> {
  try {
    await createAttendanceTab(deps.spreadsheets, sheetId, [...plan.writes, notYetInWrite()]);
    return undefined;
  } catch (error) {
    const rows = await readTab(deps, sheetId).catch(() => undefined);
    if (rows === undefined) throw error;
    return rows;
  }
}

/**
 * Brings one facility's `ATTENDANCE` tab up to date with its roster in one batch write. A missing
 * tab is created whole in one call (header, rows and the column J "not yet in" list); an existing
 * tab's header is never rewritten. After adding rows they are read back: `addedRowsHeld` is false
 * when another instance overwrote them. A write drops the list cache and sends one nudge.
 * @example const { report } = await reconcileFacility(deps, target, roster);
 */
export async function reconcileFacility(
  deps: AttendanceDeps,
  target: FacilityTarget,
  roster: Roster,
): Promise<Reconciled> {
  const { facility } = target;
  const sheetId = facility.sheetId;
  const none = { name: facility.name, created: false, added: 0, updated: 0, withdrawn: 0 };
  if (!sheetId) return { report: { ...none, skipped: true }, addedRowsHeld: true };
  for (const warning of roster.warnings)
    deps.logger.warn({ facility: facility.name, day: target.dayKey }, warning);

  let rows = await readTab(deps, sheetId);
  let plan = planNewTab(roster.people);
  if (rows === undefined) rows = await createTab(deps, sheetId, plan);
  const created = rows === undefined;
  if (rows !== undefined) {
    assertAttendanceHeader(rows);
    plan = planReconciliation(rows, roster.people);
    await writeAttendance(deps.spreadsheets, sheetId, plan.writes);
  }
  const report = {
    ...none,
    created,
    added: plan.added.length,
    updated: plan.updated,
    withdrawn: plan.withdrawn,
  };
  if (!created && plan.writes.length === 0) return { report, addedRowsHeld: true };
  await deps.changed(target);
  return { report, addedRowsHeld: plan.added.length === 0 || (await addedRowsHeld(deps, sheetId, plan)) };
}

async function addedRowsHeld(deps: AttendanceDeps, sheetId: string, plan: ReconcilePlan): Promise<boolean> {
  const rows = await readTab(deps, sheetId);
  if (!rows) return false;
  return plan.added.every(({ row, key }) => personKey(cellText(rows[row - 1]?.[0])) === key);
}
