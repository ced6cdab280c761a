import type { Principal } from "../../auth/guard.ts";
import { writerLabel } from "../../auth/link-labels.ts";
import type { Rows, Spreadsheets } from "../../ports/spreadsheet.ts";
import type { RegistryStore } from "../../registry/store.ts";
import { CALLS_TAB } from "../../shared/call-columns.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { formatManilaTimestamp } from "../../shared/manila-time.ts";
import { type Published, publishFailure } from "../scores/published.ts";
import { locateMatch, SCHEDULE_TAB } from "../scores/schedule-tab.ts";
import type { SaveCompanion, ScoreEntryDeps } from "../scores/score-entry.ts";
import type { HeldLock } from "../scores/score-lock.ts";
import {
  type CallRecord,
  callRecord,
  planCall,
  planCancel,
  planEnd,
  planStart,
  type RowChange,
} from "./call-plan.ts";
import { type CallsSheet, parseCalls } from "./calls-tab.ts";
import { callRowWrite, createCallsTab, writeCalls } from "./calls-write-allowlist.ts";

export interface CallsDeps {
  registry: RegistryStore;
  spreadsheets: Spreadsheets;
  clock: Clock;
  logger: { warn(object: object, message: string): void };
  /** The per-workbook lock score saves hold (`createScoreLock`): calls and scores are written one at a time. */
  lock: ScoreEntryDeps["lock"];
  /** Publishes one facility after a write, as a saved score is published. */
  publishFacility: ScoreEntryDeps["publishFacility"];
  /** Told when this instance wrote a match's call; `ended` when it ended or was cancelled. */
  callChanged(match: CallChange): void;
}

/** A match whose call this instance wrote. */
export interface CallChange {
  eventKey: string;
  dayKey: string;
  facilityName: string;
  sheetId: string;
  matchNumber: number | string;
  ended: boolean;
}

export interface CallRequest {
  dayKey: string;
  facilityName: string;
  matchNumber: string;
  /** The court (trimmed, at most 40 characters), or `null` to cancel the match's open call. */
  court: string | null;
  principal: Principal;
}

/** A call as the PUT answers it, with what was published. */
export type SavedCall = CallRecord & { published: Published };

/** Whether a match has a score in `SCHEDULE`, `undefined` when it cannot be found there. */
function playedIn(schedule: Rows | undefined) {
  return (matchNumber: number | string): boolean | undefined => {
    try {
      const { current } = locateMatch(schedule, schedule, String(matchNumber));
      return current.team1Score !== null || current.team2Score !== null;
    } catch {
      return undefined;
    }
  };
}

/** Writes a plan's rows: the tab is created with them when the workbook has none. */
async function writeChanges(
  spreadsheets: Spreadsheets,
  sheetId: string,
  sheet: CallsSheet | undefined,
  changes: readonly RowChange[],
): Promise<void> {
  const writes = changes.map((change) => callRowWrite(change.row, change.call));
  if (sheet === undefined) await createCallsTab(spreadsheets, sheetId, writes);
  else await writeCalls(spreadsheets, sheetId, writes);
}

/**
 * The calls of matches to courts, kept in each facility workbook's `CALLS` tab: a call, a move,
 * a cancel (`PUT …/call`), the start at the first live point, and the end when the final score is
 * saved (the score save's companion). Every write holds the workbook's lock, the one score saves
 * hold, so a busy court is refused across instances; a call that changed the tab publishes the
 * facility, so the day snapshot carries it.
 * @example const saved = await calls.put({ dayKey, facilityName, matchNumber: "107", court: "Court 3", principal });
 */
export function createCalls(deps: CallsDeps) {
  const now = () => formatManilaTimestamp(deps.clock.now());

  /** Reads `SCHEDULE` and `CALLS` in one call (values as stored), then plans and writes under the lock. */
  const change = <T extends { changes: readonly RowChange[] }>(
    sheetId: string,
    plan: (schedule: Rows | undefined, sheet: CallsSheet | undefined) => T,
  ) =>
    deps.lock.run(sheetId, async (held) => {
      const tabs = await deps.spreadsheets.readTabs(sheetId, [SCHEDULE_TAB, CALLS_TAB], "unformatted");
      const sheet = parseCalls(tabs.get(CALLS_TAB));
      const planned = plan(tabs.get(SCHEDULE_TAB), sheet);
      if (planned.changes.length > 0) {
        held.beforeWrite();
        await writeChanges(deps.spreadsheets, sheetId, sheet, planned.changes);
      }
      return planned;
    });

  return {
    /** The call PUT: calls the match to `court`, moves its call there, or (`null`) cancels it. */
    async put(request: CallRequest): Promise<SavedCall> {
      const ref = await deps.registry.findDay(request.dayKey);
      const { facility } = await deps.registry.findFacility(request.dayKey, request.facilityName);
      if (!facility.sheetId) {
        throw new AppError(
          "schedule_layout",
          `facility "${facility.name}" has no workbook, so no ${SCHEDULE_TAB} tab`,
        );
      }
      const by = writerLabel(request.principal);
      const { court, matchNumber } = request;
      const planned = await change(facility.sheetId, (schedule, sheet) => {
        if (court === null) return planCancel(sheet, matchNumber, now());
        const match = locateMatch(schedule, schedule, matchNumber);
        const { team1Score, team2Score } = match.current;
        if (team1Score !== null || team2Score !== null) {
          throw new AppError(
            "match_played",
            `match ${matchNumber} has a score (${team1Score ?? "–"}–${team2Score ?? "–"}), so it is not called to a court`,
          );
        }
        return planCall(sheet, {
          matchNumber: match.matchNumber,
          court,
          by,
          at: now(),
          played: playedIn(schedule),
        });
      });
      deps.callChanged({
        eventKey: ref.eventKey,
        dayKey: request.dayKey,
        facilityName: facility.name,
        sheetId: facility.sheetId,
        matchNumber: planned.call.matchNumber,
        ended: court === null,
      });
      // Published whether or not this request changed the tab: a repeat after a lost answer
      // still makes sure the day's snapshot carries the call.
      const published = await publish(request.dayKey, facility.name);
      return { ...callRecord(planned.call), published };
    },

    /**
     * A match's first live point (or a Start) sets its call `playing` with its start time: nothing
     * when it has no call, or one already started.
     */
    async start(
      dayKey: string,
      facilityName: string,
      sheetId: string,
      matchNumber: number | string,
    ): Promise<void> {
      const planned = await change(sheetId, (_schedule, sheet) => {
        const started = planStart(sheet, matchNumber, now());
        return { changes: started ? [started] : [] };
      });
      if (planned.changes.length > 0) await publish(dayKey, facilityName);
    },

    /** The score save's companion: a final score ends the match's open call (`done`, its end time). */
    saveCompanion: {
      // Never rejects: a read that fails must not fail the save; afterSave logs it.
      read: (sheetId) =>
        deps.spreadsheets.readTabs(sheetId, [CALLS_TAB], "unformatted").then(
          (tabs) => tabs.get(CALLS_TAB),
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        ),
      async afterSave(sheetId, saved, rows, held: HeldLock) {
        deps.callChanged({ ...saved, sheetId, ended: true });
        try {
          if (rows instanceof Error) throw rows;
          const ended = planEnd(parseCalls(rows), saved.matchNumber, now());
          if (!ended) return;
          held.beforeWrite();
          await writeCalls(deps.spreadsheets, sheetId, [callRowWrite(ended.row, ended.call)]);
        } catch (error) {
          // The score is saved whatever happens here; a call left open is ended by the next call
          // to its court (its match has a score), and pages read a scored match as played.
          deps.logger.warn(
            { err: error, day: saved.dayKey, facility: saved.facilityName, match: saved.matchNumber },
            "score saved; its call could not be ended",
          );
        }
      },
    } satisfies SaveCompanion<Rows | undefined | Error>,
  };

  async function publish(dayKey: string, facilityName: string): Promise<Published> {
    try {
      return await deps.publishFacility(dayKey, facilityName, deps.clock.now());
    } catch (error) {
      deps.logger.warn(
        { err: error, day: dayKey, facility: facilityName },
        "call written; publishing failed",
      );
      return publishFailure(error);
    }
  }
}

export type Calls = ReturnType<typeof createCalls>;
