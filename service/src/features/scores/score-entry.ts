import type { Principal } from "../../auth/guard.ts";
import { writerLabel } from "../../auth/link-labels.ts";
import type { Spreadsheets } from "../../ports/spreadsheet.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { formatManilaDateTime } from "../../shared/manila-time.ts";
import { type Published, publishFailure } from "./published.ts";
import { locateMatch, SCHEDULE_TAB, type ScheduleMatch } from "./schedule-tab.ts";
import { checkScoreEntry } from "./score-access.ts";
import { type MatchRecord, newScores, type ScoreBody, type Scores } from "./score-body.ts";
import type { HeldLock } from "./score-lock.ts";
import { scoreCells } from "./score-write-allowlist.ts";

/** The match a save wrote, as the {@link SaveCompanion} is told of it. */
export interface SavedMatchRef {
  eventKey: string;
  dayKey: string;
  facilityName: string;
  /** The match number as `SCHEDULE` holds it. */
  matchNumber: number | string;
  scores: Scores;
}

/**
 * Work a save does in the same workbook under the same lock, beside its own (the courts feature
 * ends the match's call): `read` runs beside the `SCHEDULE` read, `afterSave` after the score
 * write (or the repeat that needed none), for a final score only (both scores set). Neither may
 * fail the save (`read` never rejects): the score is the record.
 */
export interface SaveCompanion<T = unknown> {
  read(sheetId: string): Promise<T>;
  afterSave(sheetId: string, match: SavedMatchRef, read: T, held: HeldLock): Promise<void>;
}

export interface ScoreEntryDeps {
  registry: RegistryStore;
  spreadsheets: Spreadsheets;
  clock: Clock;
  logger: { warn(object: object, message: string): void };
  /** Runs a save holding its workbook's lock (`score-lock.ts`). */
  lock: { run<T>(sheetId: string, task: (held: HeldLock) => Promise<T>): Promise<T> };
  /** Syncs and publishes one facility exactly as the facility sync route does. */
  publishFacility(dayKey: string, facilityName: string, editedAt: number): Promise<Published>;
  /** Work a final score save does beside its own (ending the match's call). */
  companion?: SaveCompanion;
}

export interface ScoreEntryRequest {
  dayKey: string;
  facilityName: string;
  matchNumber: string;
  body: ScoreBody;
  principal: Principal;
}

/** A saved score as the PUT answers it: the match record, the notes on its score cells, what was published. */
export type SavedScore = MatchRecord & ScoreNotes & { published: Published };

/**
 * Who wrote a match's score, as the note on its score cells says (`<label> · yyyy-MM-dd HH:mm`):
 * `note` now, `previousNote` before this save; `null` where the cells carry none (a hand edit).
 */
export interface ScoreNotes {
  note: string | null;
  previousNote: string | null;
}

/** The note on a match's score cells: the first score cell's, else the second's; `null` when neither has one. */
function scoreNote(notes: readonly string[][], match: ScheduleMatch): string | null {
  const row = notes[match.row] ?? [];
  return row[match.scoreColumns.team1Score] || row[match.scoreColumns.team2Score] || null;
}

const same = (a: Scores, b: Scores) => a.team1Score === b.team1Score && a.team2Score === b.team2Score;

/**
 * Score entry: checks the event's `scoreEntry`, finds the match in `SCHEDULE`, compares the
 * expected scores with the sheet and writes the two score cells with their note in one call, then
 * publishes the facility. Read-compare-write runs one at a time per workbook, across instances when
 * a relay holds the lease (`score-lock.ts`), and the write goes to the very tab the read found.
 * @example const record = await scores.enter({ dayKey, facilityName, matchNumber: "12", body, principal });
 */
export function createScoreEntry(deps: ScoreEntryDeps) {
  /**
   * Read, compare and write under the workbook's lock; answers the match as it now stands, with the
   * note on its score cells before and after (who wrote the score it replaced, and who wrote it now).
   */
  const checkAndWrite = (sheetId: string, eventKey: string, request: ScoreEntryRequest, scores: Scores) =>
    deps.lock.run(sheetId, async (held) => {
      const final = scores.team1Score !== null && scores.team2Score !== null;
      const companion = final ? deps.companion : undefined;
      const [read, beside] = await Promise.all([
        deps.spreadsheets.readTabForUpdate(sheetId, SCHEDULE_TAB),
        companion?.read(sheetId),
      ]);
      const match = locateMatch(read?.formulas, read?.values, request.matchNumber);
      const previousNote = scoreNote(read!.notes, match);
      let note = previousNote;
      // A repeat of a save that already landed (a retry after a lost answer) succeeds without a write.
      if (!same(match.current, scores)) {
        if (!same(match.current, request.body.expected)) {
          throw new AppError("score_conflict", `match ${request.matchNumber} changed since it was shown`, {
            current: match.current,
            note: previousNote,
          });
        }
        note = `${writerLabel(request.principal)} · ${formatManilaDateTime(deps.clock.now())}`;
        const cells = scoreCells(match, read!.tab, scores, note);
        held.beforeWrite();
        await deps.spreadsheets.writeCellsWithNotes(sheetId, read!.tab, cells);
      }
      if (companion) {
        const { dayKey, facilityName } = request;
        const saved = { eventKey, dayKey, facilityName, matchNumber: match.matchNumber, scores };
        await companion.afterSave(sheetId, saved, beside, held);
      }
      return { ...match, current: { ...match.current, ...scores }, note, previousNote };
    });

  return {
    async enter(request: ScoreEntryRequest): Promise<SavedScore> {
      const scores = newScores(request.body);
      const ref = await deps.registry.findDay(request.dayKey);
      checkScoreEntry(ref.event, request.dayKey, request.principal);
      const { facility } = await deps.registry.findFacility(request.dayKey, request.facilityName);
      if (!facility.sheetId) {
        throw new AppError(
          "schedule_layout",
          `facility "${facility.name}" has no workbook, so no ${SCHEDULE_TAB} tab`,
        );
      }
      const match = await checkAndWrite(facility.sheetId, ref.eventKey, request, scores);
      let published: Published;
      try {
        published = await deps.publishFacility(request.dayKey, facility.name, deps.clock.now());
      } catch (error) {
        deps.logger.warn(
          { err: error, day: request.dayKey, facility: facility.name },
          "score saved; publishing failed",
        );
        published = publishFailure(error);
      }
      const { note, previousNote } = match;
      return { matchNumber: match.matchNumber, ...match.current, note, previousNote, published };
    },
  };
}

export type ScoreEntry = ReturnType<typeof createScoreEntry>;
