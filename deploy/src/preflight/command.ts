import { parseArgs } from "node:util";
import { NO_SYNC_SECRET } from "../../../service/src/auth/guard.ts";
import { readDeployed } from "../shared/deployed.ts";
import type { Prompter } from "../shared/prompt.ts";
import { getFromService } from "../shared/service-request.ts";
import { type Finding, reportText } from "./report-text.ts";

/** The preflight checks every workbook; a large tournament's take a while. */
const PREFLIGHT_TIMEOUT_MS = 180_000;

const SECRET_HELP =
  "set SYNC_SHARED_SECRET (for example `SYNC_SHARED_SECRET=$(gcloud secrets versions access latest --secret=sync-shared-secret) npm run preflight`)";

const HELP =
  "usage: npm run preflight [-- --service <the service's URL>]\n" +
  "The address defaults to SERVICE_URL, then to what deploy/setup recorded; the sync secret is\n" +
  "SYNC_SHARED_SECRET, else asked for without echo. Exit 0: every check passes; 1: a check fails,\n" +
  "asks to be looked at or could not be made; 2: the preflight could not be asked.\n";

/** What the command runs with: its arguments and environment, its outputs, and a prompt on a terminal. */
export interface PreflightCommandIo {
  args: string[];
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Asks for the secret without echo; absent when standard input is not a terminal. */
  prompt?: () => Prompter;
  /** Where deploy/setup recorded the addresses (default deploy/deployed.json). */
  deployedFile?: string;
}

/** The problem detail of a `/v3` error answer, if it has one. */
function detailOf(body: string): string | undefined {
  try {
    const detail = (JSON.parse(body) as { detail?: unknown }).detail;
    return typeof detail === "string" ? detail : undefined;
  } catch {
    return undefined;
  }
}

/** The finding the command makes itself: a service with no sync secret refuses every one, so it cannot be asked. */
const noSyncSecret: Finding = {
  check: "service-settings",
  subject: "the service's environment",
  status: "fail",
  detail:
    "the service has no sync secret set (SYNC_SHARED_SECRET): it accepts none, so the preflight cannot be asked with one, and every workbook's edit trigger is refused (401)",
  fix: "Run deploy/setup: it makes the sync-shared-secret secret and gives it to the service (docs/deployment.md, section 3). Meanwhile the console's Run this day → Diagnostics → Check the whole setup runs the preflight with the operator's sign-in.",
};

/**
 * `npm run preflight [-- --service <url>]`: asks the deployed service to check the whole
 * production setup (GET /v3/diagnostics/preflight, the same checks as the console's) and prints
 * each finding with its fix. Resolves to the exit status: 0 when every check passes; 1 when one
 * fails, asks to be looked at or could not be made; 2 when the preflight could not be asked.
 * @example process.exitCode = await preflightCommand({ args, env: process.env, out, err });
 */
export async function preflightCommand(io: PreflightCommandIo): Promise<number> {
  const { values } = parseArgs({
    args: io.args,
    options: { service: { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const serviceUrl = (
    values.service ??
    io.env.SERVICE_URL ??
    (await readDeployed(io.deployedFile)).serviceUrl
  )?.replace(/\/+$/, "");
  if (serviceUrl === undefined || !/^https?:\/\//.test(serviceUrl)) {
    io.err(
      "preflight: which service? Give --service <https://…run.app>, or set SERVICE_URL, or run deploy/setup first.\n",
    );
    return 2;
  }
  let secret = io.env.SYNC_SHARED_SECRET?.trim();
  if (!secret && io.prompt) {
    const prompt = io.prompt();
    secret = (await prompt.hidden("The service's sync secret (SYNC_SHARED_SECRET, not shown): ")).trim();
    prompt.close();
  }
  if (!secret) {
    io.err(`preflight: no sync secret: ${SECRET_HELP}.\n`);
    return 2;
  }
  let answer: { status: number; body: string };
  try {
    answer = await getFromService(
      serviceUrl,
      "/v3/diagnostics/preflight",
      { "x-sync-secret": secret, accept: "application/json" },
      PREFLIGHT_TIMEOUT_MS,
    );
  } catch (error) {
    io.err(`preflight: ${(error as Error).message}\n`);
    return 2;
  }
  if (answer.status === 401 && detailOf(answer.body) === NO_SYNC_SECRET) {
    io.out(reportText(serviceUrl, { checkedAt: new Date().toISOString(), checks: [noSyncSecret] }));
    return 1;
  }
  if (answer.status === 401) {
    io.err(`preflight: the service refused the sync secret: ${SECRET_HELP}.\n`);
    return 2;
  }
  if (answer.status === 404) {
    io.err(
      "preflight: this service has no preflight route: deploy this version of the service (deploy/setup).\n",
    );
    return 2;
  }
  let report: { ready?: boolean; checkedAt: string; checks: Finding[] } | undefined;
  try {
    report = JSON.parse(answer.body);
  } catch {
    report = undefined;
  }
  if (answer.status !== 200 || !Array.isArray(report?.checks)) {
    io.err(`preflight: the service answered HTTP ${answer.status} without a report.\n`);
    return 2;
  }
  io.out(reportText(serviceUrl, report));
  return (report.ready ?? report.checks.every((check) => check.status === "pass")) ? 0 : 1;
}
