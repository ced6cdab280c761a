import { performance } from "node:perf_hooks";
import type { TestApp } from "../../support/app.ts";
import { SYNC_SECRET } from "../../support/app.ts";
import { errorShapeProblems } from "./body-shape.ts";
import { facilityWorkbook } from "./facility-workbooks.ts";
import {
  type Fault,
  type FaultRoute,
  GITHUB_RATE_LIMIT,
  UPSTREAM_MARKERS,
  type Upstream,
} from "./fault-routes.ts";
import { holdings, lostOrHalfWritten } from "./nothing-lost.ts";
import { RELAY_MARKER } from "./relay-double.ts";
import { startOverUpstreams, type Upstreams } from "./upstreams.ts";

/** What one fault did to one route. */
export interface Observed {
  upstream: Upstream;
  fault: Fault;
  route: string;
  status: number;
  code: string | null;
  /** Shape problems of an error body, leaked upstream text, lost data, a dead process. */
  problems: string[];
  /** Extra facts worth showing in the report (live push outcome, stale facilities). */
  note: string;
  ms: number;
}

const ALWAYS = 99;

/** Queues `fault` on `upstream` for the rest of the request (or once / twice for the 429 rows). */
export function inject(up: Upstreams, upstream: Upstream, fault: Fault): void {
  if (fault === GITHUB_RATE_LIMIT) {
    up.github.rateLimitNext({ resetInSeconds: 1, times: ALWAYS });
    return;
  }
  const status = /^\d{3}/.exec(fault) ? Number(fault.slice(0, 3)) : undefined;
  // "429 twice": every attempt is refused, so each call sees its first try and its one retry answered 429.
  const times = fault.endsWith(" once") ? 1 : ALWAYS;
  const kind = (
    {
      hang: "hang",
      reset: "reset",
      "reset once": "reset",
      "malformed JSON": "malformed",
      "slow body": "slow-body",
    } as const
  )[fault as "hang" | "reset" | "reset once" | "malformed JSON" | "slow body"];
  if (upstream === "sheets") {
    if (status) up.sheets.failNext({ status: status as 403, times });
    else if (kind === "hang") up.sheets.hangNext({ times });
    else if (kind === "reset") up.sheets.resetNext({ times });
    else if (kind === "malformed") up.sheets.malformedNext({ times });
    else up.sheets.slowBodyNext({ times });
  } else if (upstream === "github") {
    if (status) up.github.failNext({ status: status as 403, times });
    else if (kind === "hang") up.github.hangNext({ times });
    else if (kind === "reset") up.github.resetNext({ times });
    else if (kind === "malformed") up.github.malformedNext({ times });
    else throw new Error("the GitHub fake plays no slow body");
  } else if (status) up.relay.failNext(status, times);
  else up.relay.faultNext(kind ?? "hang", times);
}

function clearFaults(up: Upstreams): void {
  up.sheets.resetLog();
  up.github.resetLog();
  up.relay.reset();
}

/**
 * Plays one row of the matrix on a fresh app: a baseline day sync, the fault, the route, then
 * the checks: error body shape, no upstream text, `GET /ping` 200, nothing lost or half-written.
 */
export async function playFault(
  up: Upstreams,
  upstream: Upstream,
  fault: Fault,
  route: FaultRoute,
): Promise<Observed> {
  up.reset();
  const t = await startOverUpstreams(up);
  try {
    const operator = { authorization: `Bearer ${t.operatorToken()}` };
    // Setup, before any fault: on a busy machine a fresh app's first registry fetch, or a workbook
    // read, can outlast the short upstream budgets (400 ms) once; the next request tries again.
    let baseline = await t.client.request("POST", "/v3/days/open-sat/syncs", { headers: operator });
    for (let tries = 1; baseline.status !== 200 && tries < 3; tries++)
      baseline = await t.client.request("POST", "/v3/days/open-sat/syncs", { headers: operator });
    if (baseline.status !== 200) throw new Error(`baseline sync failed: ${baseline.status} ${baseline.text}`);
    // The workbook moves on after the baseline, so that a sync has a new snapshot to commit.
    up.sheets.setWorkbook("open-hall-a", facilityWorkbook({ matches: 4, people: 6, played: 1 }));
    const before = holdings(up);
    inject(up, upstream, fault);
    const headers = route.credential === "secret" ? { "x-sync-secret": SYNC_SECRET } : operator;
    const started = performance.now();
    const res = await t.client.request(route.method, route.path, { headers, body: route.body });
    const ms = Math.round(performance.now() - started);
    clearFaults(up);
    // A commit a rate limit delayed is written after the pause (Retry-After: 1 s): wait for it,
    // then check it was not dropped.
    const delayed = t.services.sync.delayedCommits().length > 0;
    if (delayed) await delayedCommitsWritten(t);
    const problems: string[] = [];
    if (res.status >= 400)
      problems.push(...errorShapeProblems(res, { frozen: route.frozen ?? false, path: route.path }));
    for (const marker of [...UPSTREAM_MARKERS, RELAY_MARKER]) {
      if (res.text.includes(marker)) problems.push(`upstream text "${marker}" in the body`);
    }
    const ping = await t.client.request("GET", "/ping");
    if (ping.status !== 200) problems.push(`GET /ping answered ${ping.status} afterwards`);
    problems.push(...lostOrHalfWritten(up, before, route, res.status));
    let body: Record<string, any> = {};
    try {
      body = res.json();
    } catch {
      // the shape check above reports it
    }
    const note = noteOf(res.status, body, delayed);
    return {
      upstream,
      fault,
      route: route.name,
      status: res.status,
      code: res.status >= 400 ? (body.code ?? null) : null,
      problems,
      note,
      ms,
    };
  } finally {
    clearFaults(up);
    await t.close();
  }
}

async function delayedCommitsWritten(t: TestApp): Promise<void> {
  const waiting = () => t.services.sync.delayedCommits().length;
  for (let tries = 0; waiting() > 0 && tries < 200; tries++) await new Promise((r) => setTimeout(r, 25));
}

function noteOf(status: number, body: Record<string, any>, delayed: boolean): string {
  if (status >= 400) return String(body.detail ?? body.error ?? "").slice(0, 120);
  const parts: string[] = [];
  const live = body.live as { pushed?: boolean } | undefined;
  if (live) parts.push(live.pushed ? "pushed live" : "repository only");
  if ((body.archive as { retryAt?: string } | undefined)?.retryAt !== undefined)
    parts.push("commit delayed by the rate limit");
  const stale = (body.facilities as Array<{ name: string; status: string }> | undefined)?.filter(
    (f) => f.status === "stale",
  );
  if (stale?.length) parts.push(`stale kept: ${stale.map((f) => f.name).join(", ")}`);
  const published = body.published as { code?: string; archive?: { status?: string } } | undefined;
  if (published?.code) parts.push(`score saved; publish failed: ${published.code}`);
  else if (published && delayed) parts.push("score saved and pushed; commit delayed by the rate limit");
  else if (published) parts.push("score saved and published");
  return parts.join("; ");
}
