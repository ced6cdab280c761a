/** An upstream of the service that the fault matrix breaks. */
export type Upstream = "sheets" | "github" | "relay";

/** The failure modes played by the fakes and the relay double. */
export const FAULTS = [
  "403",
  "404",
  "429 once",
  "429 twice",
  "500",
  "hang",
  "reset",
  "malformed JSON",
  "slow body",
] as const;
/** Failures the Sheets adapter gets past on its own: a 5xx or a reset tried again, a 401 with a new token. */
export const SHEETS_TRANSIENT_FAULTS = ["500 once", "reset once", "401 once"] as const;
/** GitHub's primary rate limit: 403, `x-ratelimit-remaining: 0`, reset in a second. */
export const GITHUB_RATE_LIMIT = "rate limit (403, remaining 0)";
export type Fault =
  | (typeof FAULTS)[number]
  | (typeof SHEETS_TRANSIENT_FAULTS)[number]
  | typeof GITHUB_RATE_LIMIT;

/** A route of the fault matrix: how to call it and which upstreams it touches. */
export interface FaultRoute {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  /** `secret` sends `X-Sync-Secret`; otherwise an operator token. */
  credential?: "secret";
  frozen?: boolean;
  touches: readonly Upstream[];
  /** What the route writes, checked for "nothing half-written" after every fault. */
  writes?: "snapshot" | "attendance" | "score" | "registry";
}

const hallA = "/v3/days/open-sat/facilities/Hall%20A";

/**
 * Every route that reaches an upstream. The registry is read from the data repository on every
 * request in the matrix (TTL 0), so every route touches GitHub.
 */
export const FAULT_ROUTES: readonly FaultRoute[] = [
  {
    name: "day sync",
    method: "POST",
    path: "/v3/days/open-sat/syncs",
    touches: ["sheets", "github", "relay"],
    writes: "snapshot",
  },
  {
    name: "facility sync",
    method: "POST",
    path: `${hallA}/syncs`,
    touches: ["sheets", "github", "relay"],
    writes: "snapshot",
  },
  {
    name: "facility sync (frozen)",
    method: "POST",
    path: "/sync/open-sat?facility=Hall%20A",
    credential: "secret",
    frozen: true,
    touches: ["sheets", "github", "relay"],
    writes: "snapshot",
  },
  {
    name: "visibility",
    method: "PUT",
    path: "/v3/days/open-sat/visibility",
    body: { isLive: true },
    touches: ["github", "relay"],
    writes: "registry",
  },
  {
    name: "live-push switch",
    method: "PUT",
    path: "/v3/settings/live-push",
    body: { enabled: false },
    touches: ["github"],
    writes: "registry",
  },
  {
    name: "score-entry switch",
    method: "PUT",
    path: "/v3/events/open-2026/score-entry",
    body: { scoreEntry: "console" },
    touches: ["github"],
    writes: "registry",
  },
  {
    name: "score PUT",
    method: "PUT",
    path: `${hallA}/matches/1/score`,
    body: { expected: { team1Score: null, team2Score: null }, team1Score: 21, team2Score: 17 },
    touches: ["sheets", "github", "relay"],
    writes: "score",
  },
  { name: "people list", method: "GET", path: `${hallA}/people`, touches: ["sheets", "github"] },
  {
    name: "mark",
    method: "PUT",
    path: `${hallA}/people/player%201/attendance`,
    body: { present: true },
    touches: ["sheets", "github", "relay"],
    writes: "attendance",
  },
  {
    name: "mark (frozen)",
    method: "PUT",
    path: "/v1/days/open-sat/facilities/Hall%20A/attendance/player%202",
    body: { present: true },
    frozen: true,
    touches: ["sheets", "github", "relay"],
    writes: "attendance",
  },
  {
    name: "reconciliation",
    method: "POST",
    path: "/v3/days/open-sat/attendance/reconciliations",
    body: { facility: "Hall A" },
    touches: ["sheets", "github", "relay"],
    writes: "attendance",
  },
  {
    name: "desk link",
    method: "POST",
    path: "/v3/days/open-sat/attendance/desk-links",
    body: {},
    touches: ["github"],
  },
  {
    name: "scorer link",
    method: "POST",
    path: "/v3/days/open-sat/scores/scorer-links",
    body: {},
    touches: ["github"],
  },
  { name: "diagnostics", method: "GET", path: "/v3/diagnostics/sync", touches: ["github"] },
  {
    name: "diagnostics (frozen)",
    method: "GET",
    path: "/sync/config",
    credential: "secret",
    frozen: true,
    touches: ["github"],
  },
];

/** Strings of the fakes' own error bodies: none may ever appear in a response of the service. */
export const UPSTREAM_MARKERS = [
  // Sheets API fake (Google's documented error JSON)
  "PERMISSION_DENIED",
  "RESOURCE_EXHAUSTED",
  "Quota exceeded",
  "Internal error encountered",
  "Requested entity was not found",
  "The caller does not have permission",
  "googleapis",
  // GitHub fake
  "documentation_url",
  "docs.github.com",
  "Resource not accessible",
  "API rate limit exceeded",
  "cut off here",
  "Server Error",
];
