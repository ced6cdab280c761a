import type { Config } from "../config/environment.ts";
import { stackOf } from "../config/stack.ts";
import type { AccessProbe } from "../ports/access-probe.ts";
import type { DataRepository } from "../ports/data-repository.ts";
import type { Spreadsheets } from "../ports/spreadsheet.ts";
import { REGISTRY_PATH } from "../registry/store.ts";
import type { DayRef } from "../registry/types.ts";
import type { Clock } from "../shared/clock.ts";
import { type Check, skip } from "./check.ts";
import { credentialsCheck } from "./credentials-check.ts";
import { pagesCheck } from "./pages-check.ts";
import {
  comingDayChecks,
  comingDays,
  lastComingDay,
  type RegistryAnswer,
  registryCheck,
} from "./registry-check.ts";
import { relayChecks } from "./relay-checks.ts";
import { sameRelay } from "./relay-round-trip.ts";
import { repositoryCheck, tokenExpiryCheck } from "./repository-checks.ts";
import { settingsChecks } from "./settings-checks.ts";
import { type TriggerHistory, triggerChecks } from "./trigger-checks.ts";
import { workbookChecks, workbookUses } from "./workbook-checks.ts";

export type { Check, CheckKind, CheckStatus } from "./check.ts";
export { CHECK_KINDS, CHECK_STATUSES } from "./check.ts";

/** The preflight's answer: every finding, whether none of them is a failure, and whether all passed. */
export interface PreflightReport {
  ok: boolean;
  /** Every check passed: a look, or a check not made, is not ready. */
  ready: boolean;
  checkedAt: string;
  checks: Check[];
}

export interface PreflightDeps {
  config: Pick<Config, "live" | "pagesUrl" | "auth" | "data" | "sheets">;
  repository: DataRepository;
  /** The spreadsheet port as the features use it (its calls are counted in the diagnostics). */
  spreadsheets: Spreadsheets;
  probe: AccessProbe;
  /** The workbooks' edit triggers this instance has heard. */
  triggers: TriggerHistory;
  clock: Clock;
}

/**
 * The preflight: checks the production setup end to end without changing anything — the
 * service's own settings, the data repository and its token, the registry, the spreadsheet
 * credentials, every coming day's workbook and its edit trigger, the relay's secret and origins,
 * and the pages' config.json — and names the fix of each failure in one sentence, as it is done
 * where the service runs (a laptop's `npm start`, or production). Concurrent runs share one (each
 * costs a Sheets call per workbook).
 * @example const report = await preflight.run("https://tournament-ops-abc.a.run.app");
 */
export function createPreflight(deps: PreflightDeps) {
  let running: { serviceUrl: string; report: Promise<PreflightReport> } | undefined;
  const stack = stackOf(deps.config);

  /** The workbooks' checks, or one line saying why they could not be made. */
  async function workbooks(answer: RegistryAnswer, days: DayRef[], credentials: Check | undefined) {
    if (answer.registry === undefined)
      return [skip("workbook-access", "workbooks", `not checked: ${answer.unread} (above)`)];
    if (credentials?.status === "fail")
      return [
        skip(
          "workbook-access",
          "workbooks",
          "not checked: the service account's credentials do not work (above)",
        ),
      ];
    return workbookChecks(deps, answer.registry, days);
  }

  async function run(serviceUrl: string): Promise<PreflightReport> {
    const now = deps.clock.now();
    const credentialsAsked = deps.probe.credentials();
    const access = await deps.probe.repository(REGISTRY_PATH);
    const answer = await registryCheck(deps.repository, now);
    const { registry } = answer;
    const days = registry ? comingDays(registry, now) : [];
    const expiry = tokenExpiryCheck(access, lastComingDay(days), now);
    const credentials = credentialsCheck(await credentialsAsked);
    const checks: Check[] = [
      ...settingsChecks(deps.config, registry, stack),
      repositoryCheck(access),
      answer.check,
      ...(registry ? comingDayChecks(days) : []),
      ...(expiry ? [expiry] : []),
      ...(credentials ? [credentials] : []),
    ];
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
    const [workbookFindings, relay] = await Promise.all([
      workbooks(answer, days, credentials),
      relayChecks({ pushUrl: live.pushUrl, pushSecret: live.pushSecret, pagesOrigin, stack }, day),
    ]);
    const pages = await pagesCheck({
      pagesUrl,
      serviceUrl,
      relayUrl: live.pushUrl,
      sameRelay: roundTrip,
      relayAnswers: relay.answers,
      stack,
    });
    // Local workbooks have no Apps Script: their edits are synced by the local stack itself.
    const triggers = registry && deps.config.sheets.backend === "google";
    checks.push(
      ...workbookFindings,
      ...(triggers ? triggerChecks(registry, workbookUses(registry, days), deps.triggers) : []),
      ...relay.checks,
      ...(pages ? [pages] : []),
    );
    return {
      ok: checks.every((c) => c.status !== "fail"),
      ready: checks.every((c) => c.status === "pass"),
      checkedAt: new Date(now).toISOString(),
      checks,
    };
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
