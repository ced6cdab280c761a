/**
 * The live relay port: the service's side of the relay worker (`relay/`).
 * The adapter (`adapters/relay-client/`) exists only when `LIVE_PUSH_URL` and `LIVE_PUSH_SECRET` are set.
 */

export interface PushResult {
  /** Sockets on the channel when the snapshot arrived. */
  clients: number;
}

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
}
