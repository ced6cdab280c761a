/**
 * The live relay port: the service's side of the relay worker (`relay/`).
 * The adapter (`adapters/relay-client/`) exists only when `LIVE_PUSH_URL` and `LIVE_PUSH_SECRET` are set.
 */

export interface PushResult {
  /** Sockets on the channel when the snapshot arrived. */
  clients: number;
}

/** A workbook's score-save lease, as the relay granted it. */
export interface RelayLease {
  token: string;
  /** How long the lease holds from the moment it was asked for. */
  ttlMs: number;
}

/** A match's live point, as the score page's counter sent it (never written to a workbook). */
export interface LivePointUpdate {
  facility: string;
  /** The match number as the facility's matches CSV writes it. */
  matchNumber: string;
  seq: number;
  team1Points: number;
  team2Points: number;
  game: number | null;
  serving: 1 | 2 | null;
}

/** A match's live state as it now stands, and whether the point sent was taken. */
export interface LivePointAnswer {
  accepted: boolean;
  point: LivePointUpdate & { at: string };
  /** The match's live state was dropped (its final score saved, or its call cancelled). */
  ended: boolean;
}
/** What the service tells every open page of a day at once (the relay's `notices/index.ts`). */
export interface DayNotice {
  /** The event's score-entry mode just changed. */
  scoreEntry?: "console" | "links";
  /** Ids (`auth/link-id.ts`) of the day's links just revoked. */
  revoked?: string[];
}

/** Whether the relay answers now, and if not, why in a few words. */
export type RelayHealth = { answers: true } | { answers: false; problem: string };

export interface LiveRelay {
  /** Base URL of the relay (for diagnostics). */
  readonly baseUrl: string;

  /**
   * Pushes a day snapshot to `POST {live_url}/publish/<event>/<day>`, bounded by `LIVE_PUSH_TIMEOUT_MS`.
   * @throws Error when the relay cannot be reached or refuses; the caller falls back to repository-only.
   */
  publish(event: string, day: string, snapshot: unknown): Promise<PushResult>;

  /**
   * Sends an attendance nudge to `POST {live_url}/nudge/<event>/<day>` with body `{ facility }`,
   * exactly as the spec's nudge rules say: awaited, 2 s timeout, never throws; a failure logs
   * `live nudge failed` and mutes further nudges from this instance for 60 s.
   */
  nudge(event: string, day: string, facility: string): Promise<void>;

  /**
   * Tells the relay every day there is (`PUT {live_url}/days`, replacing its list), bounded by
   * `LIVE_PUSH_TIMEOUT_MS`: the relay accepts sockets for announced days alone (relay/README.md).
   * @throws Error when the relay cannot be reached or refuses.
   */
  announceDays(days: Array<{ event: string; day: string }>): Promise<void>;

  /**
   * Takes the relay's lease on `key` (the SHA-256, hex, of a workbook id), waiting up to `waitMs`
   * for another holder to give it back: the lease, or `undefined` when it stayed taken.
   * @throws Error when the relay cannot be reached or refuses.
   */
  acquireLease(key: string, ttlMs: number, waitMs: number): Promise<RelayLease | undefined>;

  /** Gives a lease back; never throws (a lease not given back ends after its time to live). */
  releaseLease(key: string, token: string): Promise<void>;

  /**
   * Sends a match's live point to `POST {live_url}/points/<event>/<day>`, which keeps the latest per
   * match (a `seq` not above the last one changes nothing) and sends it to the pages, batched per
   * tick. Bounded by {@link LIVE_POINT_TIMEOUT_MS}.
   * @throws Error when the relay cannot be reached or refuses.
   */
  pushLivePoint(event: string, day: string, point: LivePointUpdate): Promise<LivePointAnswer>;

  /**
   * Sends a notice to every open page of a day (`POST {live_url}/notices/<event>/<day>`), bounded
   * by {@link NOTICE_TIMEOUT_MS}; never throws (a page that misses one learns it at its next request).
   */
  notify(event: string, day: string, notice: DayNotice): Promise<void>;

  /** Drops a match's live state (final score saved, call cancelled); never throws. */
  endLivePoint(event: string, day: string, facility: string, matchNumber: string): Promise<void>;
  /** Asks `GET {live_url}/health`, bounded by `LIVE_PUSH_TIMEOUT_MS`; never throws. */
  health(): Promise<RelayHealth>;
}

/** The bound on one live point's round trip to the relay: a point later than this is of no use to a spectator. */
export const LIVE_POINT_TIMEOUT_MS = 2_000;

/** The bound on one notice to the relay. */
export const NOTICE_TIMEOUT_MS = 2_000;
