import type { Config } from "../config/environment.ts";
import type { AccessProbe } from "../ports/access-probe.ts";
import type { DataRepository } from "../ports/data-repository.ts";
import type { Spreadsheets } from "../ports/spreadsheet.ts";
import { REGISTRY_PATH } from "../registry/store.ts";
import type { Clock } from "../shared/clock.ts";
import { type Check, skip } from "./check.ts";
import { pagesCheck } from "./pages-check.ts";
import { comingDays, lastComingDay, registryCheck } from "./registry-check.ts";
import { relayChecks } from "./relay-checks.ts";
import { sameRelay } from "./relay-round-trip.ts";
import { repositoryCheck, tokenExpiryCheck } from "./repository-checks.ts";
import { workbookChecks } from "./workbook-checks.ts";

export type { Check, CheckKind, CheckStatus } from "./check.ts";
export { CHECK_KINDS, CHECK_STATUSES } from "./check.ts";

/** The preflight's answer: every finding, and whether none of them is a failure. */
export interface PreflightReport {
  ok: boolean;
  checkedAt: string;
  checks: Check[];
}

export interface PreflightDeps {
  config: Pick<Config, "live" | "pagesUrl">;
  repository: DataRepository;
  /** The spreadsheet port as the features use it (its calls are counted in the diagnostics). */
  spreadsheets: Spreadsheets;
  probe: AccessProbe;
  clock: Clock;
}

/**
 * The preflight: checks the production setup end to end without changing anything — the data
 * repository and its token, the registry, every coming day's workbook, the relay's secret and
 * origins, and the pages' config.json — and names the fix of each failure in one sentence.
 * Concurrent runs share one (each costs a Sheets call per workbook).
 * @example const report = await preflight.run("https://tournament-ops-abc.a.run.app");
 */
export function createPreflight(deps: PreflightDeps) {
  let running: { serviceUrl: string; report: Promise<PreflightReport> } | undefined;

  async function run(serviceUrl: string): Promise<PreflightReport> {
    const now = deps.clock.now();
    const checks: Check[] = [];
    const access = await deps.probe.repository(REGISTRY_PATH);
    checks.push(repositoryCheck(access));
    const { check, registry } = await registryCheck(deps.repository, now);
    checks.push(check);
    const days = registry ? comingDays(registry, now) : [];
    const expiry = tokenExpiryCheck(access, lastComingDay(days), now);
    if (expiry) checks.push(expiry);
    const { pagesUrl, live } = deps.config;
    const pagesOrigin = pagesUrl === undefined ? undefined : new URL(pagesUrl).origin;
    const day = days[0];
    const roundTrip = (liveUrl: URL) =>
      live.pushUrl && live.pushSecret && pagesOrigin && day
        ? sameRelay({
            socketUrl: liveUrl.href,
            pushUrl: live.pushUrl,
            pushSecret: live.pushSecret,
            origin: pagesOrigin,
            event: day.eventKey,
            day: day.dayKey,
          })
        : Promise.resolve(false);
    const [workbooks, relay, pages] = await Promise.all([
      registry
        ? workbookChecks(deps, registry, days)
        : [skip("workbook-access", "workbooks", "not checked: the registry does not validate")],
      relayChecks({ pushUrl: live.pushUrl, pushSecret: live.pushSecret, pagesOrigin }, day),
      pagesCheck({
        pagesUrl,
        serviceUrl,
        relayUrl: live.pushUrl,
        sameRelay: roundTrip,
      }),
    ]);
    checks.push(...workbooks, ...relay, pages);
    return { ok: checks.every((c) => c.status !== "fail"), checkedAt: new Date(now).toISOString(), checks };
  }

  return {
    /** Runs the preflight, or joins the run under way for the same service address. */
    run(serviceUrl: string): Promise<PreflightReport> {
      if (running?.serviceUrl === serviceUrl) return running.report;
      const report = run(serviceUrl).finally(() => {
        if (running?.report === report) running = undefined;
      });
      running = { serviceUrl, report };
      return report;
    },
  };
}

export type Preflight = ReturnType<typeof createPreflight>;
