/**
 * The front's bounds, each with the reason for its value. Tests shorten the timeouts; `npm start`
 * reads `FRONT_*` variables over the defaults ({@link frontSettings}) so that the stack's own tests
 * can too, without waiting a minute for an idle socket.
 */
export interface FrontSettings {
  /** Requests one client address may have open at once; beyond it 429 with `Retry-After`. */
  inFlightPerClient: number;
  /** A client must send its whole request head within this (the service's headers timeout). */
  headersTimeoutMs: number;
  /** A request body that makes no progress for this long ends the request (the service's body timeout). */
  bodyStallMs: number;
  /** A whole request, body included, must arrive within this, however slowly it trickles. */
  requestTimeoutMs: number;
  /** h2c sessions to the service at most; each carries up to the service's 100 streams. */
  upstreamSessions: number;
  /** Relay sockets one client address may hold through the front. */
  socketsPerClient: number;
  /** Relay sockets through the front in all. */
  socketsInAll: number;
  /** A relay socket with no byte either way for this long is closed (pages ping every 25 s). */
  socketIdleMs: number;
}

export const FRONT_SETTINGS: Readonly<FrontSettings> = Object.freeze({
  // A page loads a dozen files at once and the console runs a few calls; 32 leaves room for tabs.
  inFlightPerClient: 32,
  headersTimeoutMs: 10_000,
  bodyStallMs: 20_000,
  // A 5 MB scoresheet upload over a weak venue Wi-Fi (≥ 45 KB/s).
  requestTimeoutMs: 120_000,
  // 8 × 100 streams: a client holds at most 32, so 25 addresses would be needed to fill them.
  upstreamSessions: 8,
  // A phone with the public page, a desk page and a spare tab open.
  socketsPerClient: 16,
  // Each pass-through socket holds two descriptors; 2,000 keeps the front far from its limit.
  socketsInAll: 2_000,
  // Two missed pings (25 s each) and a margin.
  socketIdleMs: 60_000,
});

const VARIABLES: Record<keyof FrontSettings, string> = {
  inFlightPerClient: "FRONT_IN_FLIGHT_PER_CLIENT",
  headersTimeoutMs: "FRONT_HEADERS_TIMEOUT_MS",
  bodyStallMs: "FRONT_BODY_STALL_MS",
  requestTimeoutMs: "FRONT_REQUEST_TIMEOUT_MS",
  upstreamSessions: "FRONT_UPSTREAM_SESSIONS",
  socketsPerClient: "FRONT_SOCKETS_PER_CLIENT",
  socketsInAll: "FRONT_SOCKETS_IN_ALL",
  socketIdleMs: "FRONT_SOCKET_IDLE_MS",
};

/**
 * The defaults, each replaced by its `FRONT_*` variable when that is a whole number ≥ 1.
 * @throws Error naming the variable when one is set to anything else.
 * @example const settings = frontSettings(process.env);
 */
export function frontSettings(env: Record<string, string | undefined>): FrontSettings {
  const settings: FrontSettings = { ...FRONT_SETTINGS };
  for (const [key, name] of Object.entries(VARIABLES) as Array<[keyof FrontSettings, string]>) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") continue;
    if (!/^\d+$/.test(raw) || Number(raw) < 1)
      throw new Error(`${name}=${JSON.stringify(raw)} must be a whole number ≥ 1`);
    settings[key] = Number(raw);
  }
  return settings;
}
