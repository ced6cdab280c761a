/**
 * The front's bounds, each with the reason for its value. Tests shorten the timeouts; `npm start`
 * reads `FRONT_*` variables over the defaults ({@link frontSettings}) so that the stack's own tests
 * can too, without waiting a minute for an idle socket.
 */
export interface FrontSettings {
  /** Connections one client address may hold open; one more is closed at once, unread. */
  connectionsPerClient: number;
  /** Connections in all; beyond it a new one is closed at once, unread. */
  connectionsInAll: number;
  /** Requests one client address may have open at once; beyond it 429 with `Retry-After`. */
  inFlightPerClient: number;
  /** A client must send its whole request head within this. */
  headersTimeoutMs: number;
  /** A request body that makes no progress for this long ends the request (the service's body timeout). */
  bodyStallMs: number;
  /** A whole request, body included, must arrive within this, however slowly it trickles. */
  requestTimeoutMs: number;
  /** h2c sessions to the service at most; each carries up to the service's 100 streams. */
  upstreamSessions: number;
  /** Streams to the service kept for requests carrying an operator, desk or scorer token. */
  upstreamReserved: number;
  /** Calls to the service one client address may have open at once, beyond what its tokens take. */
  upstreamPerClient: number;
  /** Relay sockets one client address may hold through the front. */
  socketsPerClient: number;
  /** Relay sockets through the front in all. */
  socketsInAll: number;
  /** A relay socket with no byte either way for this long is closed (pages ping every 25 s). */
  socketIdleMs: number;
  /** Past this many relay sockets, one whose browser sent nothing for {@link socketQuietMs} is closed. */
  socketsPressure: number;
  /** How long a relay socket's browser may send nothing while the sockets are past {@link socketsPressure}. */
  socketQuietMs: number;
}

export const FRONT_SETTINGS: Readonly<FrontSettings> = Object.freeze({
  // A browser opens about 6 connections to an origin, and each relay socket is one more: 64 is a
  // phone with several tabs; 4,000 keeps two descriptors each (a socket's relay side) far from the
  // 20,000 a laptop allows a process.
  connectionsPerClient: 64,
  connectionsInAll: 4_000,
  // A page loads a dozen files at once and the console runs a few calls; 32 leaves room for tabs.
  inFlightPerClient: 32,
  // A phone sends its request head in one packet; 5 s is a weak Wi-Fi's retransmissions and more.
  headersTimeoutMs: 5_000,
  bodyStallMs: 20_000,
  // A 5 MB scoresheet upload over a weak venue Wi-Fi (≥ 45 KB/s).
  requestTimeoutMs: 120_000,
  // 8 × 100 streams, 200 of them kept for the organiser, the desks and the scorers.
  upstreamSessions: 8,
  upstreamReserved: 200,
  // 600 shared streams ÷ 8: 75 addresses are needed to fill them; a page calls the service a few at a time.
  upstreamPerClient: 8,
  // A phone with the public page, a desk page and a spare tab open (each page at most two sockets).
  socketsPerClient: 8,
  // Each pass-through socket holds two descriptors; 2,000 keeps the front far from its limit.
  socketsInAll: 2_000,
  // Two missed pings (25 s each) and a margin.
  socketIdleMs: 60_000,
  // Pages ping every 25 s; a socket that sent nothing for 30 s is not a page's, and under
  // pressure (three quarters of the sockets taken) it gives its place to one that is.
  socketsPressure: 1_500,
  socketQuietMs: 30_000,
});

const VARIABLES: Record<keyof FrontSettings, string> = {
  connectionsPerClient: "FRONT_CONNECTIONS_PER_CLIENT",
  connectionsInAll: "FRONT_CONNECTIONS_IN_ALL",
  inFlightPerClient: "FRONT_IN_FLIGHT_PER_CLIENT",
  headersTimeoutMs: "FRONT_HEADERS_TIMEOUT_MS",
  bodyStallMs: "FRONT_BODY_STALL_MS",
  requestTimeoutMs: "FRONT_REQUEST_TIMEOUT_MS",
  upstreamSessions: "FRONT_UPSTREAM_SESSIONS",
  upstreamReserved: "FRONT_UPSTREAM_RESERVED",
  upstreamPerClient: "FRONT_UPSTREAM_PER_CLIENT",
  socketsPerClient: "FRONT_SOCKETS_PER_CLIENT",
  socketsInAll: "FRONT_SOCKETS_IN_ALL",
  socketIdleMs: "FRONT_SOCKET_IDLE_MS",
  socketsPressure: "FRONT_SOCKETS_PRESSURE",
  socketQuietMs: "FRONT_SOCKET_QUIET_MS",
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
