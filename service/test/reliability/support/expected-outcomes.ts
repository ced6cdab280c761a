import {
  type Fault,
  type FaultRoute,
  GITHUB_RATE_LIMIT,
  SHEETS_TRANSIENT_FAULTS,
  type Upstream,
} from "./fault-routes.ts";

/** A documented outcome: a status and, for an error, its code. Several when the spec allows either. */
export type Outcome = { status: number; code?: string };

const ok = (route: FaultRoute): Outcome => ({ status: route.path.endsWith("-links") ? 201 : 200 });
const upstreamFailure: Outcome = { status: 502, code: "upstream_failure" };
const REGISTRY_EDITS = new Set(["visibility", "live-push switch", "score-entry switch"]);
const SYNCS = new Set(["day sync", "facility sync", "facility sync (frozen)"]);

/**
 * What the spec, DESIGN.md and docs/decisions.md say each fault must produce on each route:
 * - Sheets: 429 is retried once (so once → success, twice → 503 `service_busy`); one 5xx or one
 *   reset is tried again and one 401 gets a new token, so each succeeds; any other failure is 502
 *   `upstream_failure`, except a 404 (no such workbook), which the Spreadsheets contract makes
 *   `not_found` outside the sync (the sync reports every facility failed: 502).
 * - GitHub: the registry keeps serving the last good copy, so reads go on; a failed snapshot
 *   commit is 502, but a 429 is a rate limit (a minute when no header says how long): the commit
 *   waits for it and the sync answers 200 with the archive's `retryAt`; a registry edit that cannot
 *   read the file is 502, or 503 `config_unavailable` when the file is missing; the score is saved
 *   and its publish failure reported in `published`.
 * - Relay: never changes the answer; the snapshot goes to the repository alone.
 */
export function expectedOutcomes(upstream: Upstream, fault: Fault, route: FaultRoute): Outcome[] {
  if (upstream === "relay") return [ok(route)];
  if (upstream === "sheets") {
    if (fault === "429 once" || (SHEETS_TRANSIENT_FAULTS as readonly string[]).includes(fault))
      return [ok(route)];
    if (fault === "429 twice") return [{ status: 503, code: "service_busy" }];
    if (fault === "404" && !SYNCS.has(route.name)) return [{ status: 404, code: "not_found" }];
    return [upstreamFailure];
  }
  const rateLimit = fault.startsWith("429") || fault === GITHUB_RATE_LIMIT;
  if (SYNCS.has(route.name)) return rateLimit ? [ok(route)] : [upstreamFailure];
  if (REGISTRY_EDITS.has(route.name)) {
    if (fault === "404") return [{ status: 503, code: "config_unavailable" }];
    // One 429 lands on the cached registry's read or on the edit's own read, depending on order.
    return fault === "429 once" ? [ok(route), upstreamFailure] : [upstreamFailure];
  }
  return [ok(route)];
}
