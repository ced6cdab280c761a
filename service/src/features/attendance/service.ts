import type { Principal } from "../../auth/guard.ts";
import type { TokenSigner } from "../../auth/tokens.ts";
import type { LiveRelay } from "../../ports/live-relay.ts";
import type { Spreadsheets } from "../../ports/spreadsheet.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { Clock } from "../../shared/clock.ts";
import type { LinkLabel } from "../../shared/link-rules.ts";
import { attendanceFacility } from "./access.ts";
import type { Person } from "./attendance-tab.ts";
import type { AttendanceDeps } from "./deps.ts";
import { issueDeskLink } from "./desk-link.ts";
import { markAttendance } from "./mark.ts";
import { PeopleCache } from "./people-cache.ts";
import { reconcileDay } from "./reconciliation.ts";
import { attendanceSyncHook } from "./sync-hook.ts";

/**
 * The event attendance feature: the people list, marks, reconciliations, desk links and the
 * post-sync hook (which the sync runs, bounded, after each facility sync).
 * @example const attendance = createAttendance({ spreadsheets, registry, clock, logger, signer });
 */
export function createAttendance(options: {
  spreadsheets: Spreadsheets;
  registry: RegistryStore;
  clock: Clock;
  logger: AttendanceDeps["logger"];
  liveRelay?: LiveRelay;
  signer: TokenSigner;
}) {
  const people = new PeopleCache({ spreadsheets: options.spreadsheets, clock: options.clock });
  const deps: AttendanceDeps = {
    ...options,
    people,
    async changed(target) {
      if (target.facility.sheetId) people.drop(target.facility.sheetId);
      await options.liveRelay?.nudge(target.eventKey, target.dayKey, target.facility.name);
    },
  };
  return {
    /** The facility's people in sheet order; `[]` for a workbook without an `ATTENDANCE` tab. */
    async listPeople(principal: Principal, day: string, facility: string): Promise<Person[]> {
      const target = await attendanceFacility(deps.registry, principal, day, facility);
      const sheetId = target.facility.sheetId;
      const sheet = sheetId ? await people.get(sheetId) : undefined;
      return sheet ? sheet.people.map((entry) => entry.person) : [];
    },
    async mark(principal: Principal, day: string, facility: string, key: string, present: boolean) {
      const target = await attendanceFacility(deps.registry, principal, day, facility);
      return markAttendance(deps, target, key, present, principal);
    },
    reconcile: (day: string, facility?: string) => reconcileDay(deps, day, facility),
    issueDeskLink: async (day: string, label: LinkLabel) =>
      issueDeskLink(options.signer, await deps.registry.findDay(day), label, deps.clock.now()),
    afterFacilitySync: attendanceSyncHook(deps),
  };
}

export type Attendance = ReturnType<typeof createAttendance>;
