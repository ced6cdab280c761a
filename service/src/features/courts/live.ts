import type { Principal } from "../../auth/guard.ts";
import type { LivePointAnswer, LivePointUpdate, LiveRelay } from "../../ports/live-relay.ts";
import type { Spreadsheets } from "../../ports/spreadsheet.ts";
import type { RegistryStore } from "../../registry/store.ts";
import { CALLS_TAB } from "../../shared/call-columns.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { locateMatch, matchKey, SCHEDULE_TAB } from "../scores/schedule-tab.ts";
import { checkScoreEntry } from "../scores/score-access.ts";
import type { CallChange, Calls } from "./calls.ts";
import { openCallOf, parseCalls } from "./calls-tab.ts";
import { keptPoints } from "./kept-points.ts";
import { liveRate } from "./live-rate.ts";

/** After the relay failed to take a point, points stay on this instance for this long. */
export const RELAY_COOLDOWN_MS = 10_000;
/** A start that could not be written is tried again with a point this long after. */
const START_RETRY_MS = 30_000;
/** Matches whose check this instance remembers. */
const MATCHES_KNOWN = 2_000;

export interface LiveDeps {
  registry: RegistryStore;
  spreadsheets: Spreadsheets;
  clock: Clock;
  logger: { warn(object: object, message: string): void };
  /** Present when a relay is configured: it keeps the latest points and sends them to the pages. */
  liveRelay?: LiveRelay;
  calls: Pick<Calls, "start">;
}

/** The live PUT's body: the counter's state. */
export interface LiveBody {
  seq: number;
  team1Points: number;
  team2Points: number;
  game?: number;
  serving?: 1 | 2;
}

export interface LiveRequest {
  dayKey: string;
  facilityName: string;
  matchNumber: string;
  body: LiveBody;
  principal: Principal;
}

/** The live state as it now stands, as the PUT answers it. */
export type LiveState = Omit<LivePointAnswer["point"], "facility"> & {
  accepted: boolean;
  ended: boolean;
  /** `false`: the relay could not take it, so it is kept on this instance and no spectator sees it. */
  relayed: boolean;
};

/** What the first live point of a match on this instance found in the workbook. */
interface KnownMatch {
  /** The match number as `SCHEDULE` holds it, as text. */
  matchNumber: string;
  /** Its call is started already, or it has none: nothing to write. */
  started: boolean;
  startTriedAt: number;
  starting?: Promise<void>;
}

/**
 * Live points: the score page's counter sends each state (`PUT …/live`); it is checked and handed
 * to the relay, which keeps the latest per match and sends it to the pages batched per tick. It is
 * never written to the workbook. The first point of a match on this instance reads its workbook
 * once (the match exists, has no score, and whether its call is still `called`, which it then
 * sets `playing`). At most {@link LIVE_UPDATES_PER_SECOND} updates per match in any second.
 * @example const state = await live.put({ dayKey, facilityName, matchNumber: "107", body: { seq: 4, team1Points: 3, team2Points: 1 }, principal });
 */
export function createLive(deps: LiveDeps) {
  const rate = liveRate(deps.clock);
  const kept = keptPoints(deps.clock);
  const known = new Map<string, KnownMatch>();
  let relayDownUntil = Number.NEGATIVE_INFINITY;

  /** The match's check, read once per instance (404, 422, 409 `match_played`). */
  async function knownMatch(sheetId: string, matchNumber: string): Promise<KnownMatch> {
    const key = `${sheetId}\u0000${matchKey(matchNumber)}`;
    const found = known.get(key);
    if (found !== undefined) return found;
    const tabs = await deps.spreadsheets.readTabs(sheetId, [SCHEDULE_TAB, CALLS_TAB], "unformatted");
    const schedule = tabs.get(SCHEDULE_TAB);
    const match = locateMatch(schedule, schedule, matchNumber);
    const { team1Score, team2Score } = match.current;
    if (team1Score !== null || team2Score !== null) {
      throw new AppError("match_played", `match ${matchNumber} has a score already; it is not played live`);
    }
    let state: string | undefined;
    try {
      state = openCallOf(parseCalls(tabs.get(CALLS_TAB)), match.matchNumber)?.call.state;
    } catch {
      // A CALLS tab with another header row: live points go on, with no call to start.
    }
    const entry: KnownMatch = {
      matchNumber: String(match.matchNumber),
      started: state !== "called",
      startTriedAt: 0,
    };
    if (known.size >= MATCHES_KNOWN) known.delete(known.keys().next().value as string);
    known.set(key, entry);
    return entry;
  }

  /** Sets the match's call `playing`, once, without holding the point's answer. */
  function start(entry: KnownMatch, dayKey: string, facilityName: string, sheetId: string): void {
    if (entry.started || entry.starting || deps.clock.now() - entry.startTriedAt < START_RETRY_MS) return;
    entry.startTriedAt = deps.clock.now();
    entry.starting = deps.calls
      .start(dayKey, facilityName, sheetId, entry.matchNumber)
      .then(() => {
        entry.started = true;
      })
      .catch((error: unknown) => {
        deps.logger.warn(
          { err: error, day: dayKey, facility: facilityName, match: entry.matchNumber },
          "live point taken; its call could not be started",
        );
      })
      .finally(() => {
        entry.starting = undefined;
      });
  }

  async function relay(event: string, day: string, point: LivePointUpdate) {
    const { liveRelay } = deps;
    if (liveRelay && deps.clock.now() >= relayDownUntil) {
      try {
        return { ...(await liveRelay.pushLivePoint(event, day, point)), relayed: true };
      } catch (error) {
        relayDownUntil = deps.clock.now() + RELAY_COOLDOWN_MS;
        deps.logger.warn(
          { relay: liveRelay.baseUrl, error: (error as Error).message },
          "live point not relayed; kept on this instance for 10 s",
        );
      }
    }
    return { ...kept.take(day, point), relayed: false };
  }

  return {
    async put(request: LiveRequest): Promise<LiveState> {
      const ref = await deps.registry.findDay(request.dayKey);
      if (request.principal.kind === "desk") throw new AppError("forbidden", "desk links do not keep score");
      checkScoreEntry(ref.event, request.dayKey, request.principal);
      const { facility } = await deps.registry.findFacility(request.dayKey, request.facilityName);
      const sheetId = facility.sheetId;
      if (!sheetId)
        throw new AppError(
          "schedule_layout",
          `facility "${facility.name}" has no workbook, so no ${SCHEDULE_TAB} tab`,
        );
      rate.take(`${sheetId}\u0000${matchKey(request.matchNumber)}`);
      const entry = await knownMatch(sheetId, request.matchNumber);
      const { seq, team1Points, team2Points, game, serving } = request.body;
      const point = {
        facility: facility.name,
        matchNumber: entry.matchNumber,
        seq,
        team1Points,
        team2Points,
        game: game ?? null,
        serving: serving ?? null,
      };
      const answer = await relay(ref.eventKey, request.dayKey, point);
      if (answer.accepted) start(entry, request.dayKey, facility.name, sheetId);
      const { facility: _facility, ...state } = answer.point;
      return { ...state, accepted: answer.accepted, ended: answer.ended, relayed: answer.relayed };
    },

    /**
     * A match's call was written on this instance: its check is read again at its next point; when
     * the call ended (final score, cancel) its live state is dropped.
     */
    callChanged(match: CallChange): void {
      known.delete(`${match.sheetId}\u0000${matchKey(match.matchNumber)}`);
      if (!match.ended) return;
      const matchNumber = String(match.matchNumber);
      kept.end(match.dayKey, match.facilityName, matchNumber);
      void deps.liveRelay?.endLivePoint(match.eventKey, match.dayKey, match.facilityName, matchNumber);
    },
  };
}

export type Live = ReturnType<typeof createLive>;
