// `npm run preflight [-- --service <url>]`: asks the deployed service to check the whole
// production setup (GET /v3/diagnostics/preflight, the same checks as the console's) and prints
// each finding with its fix. Exit 0: nothing fails; 1: something fails; 2: the check could not run.
import { parseArgs } from "node:util";
import { readDeployed } from "../shared/deployed.ts";
import { createPrompter } from "../shared/prompt.ts";
import { getFromService } from "../shared/service-request.ts";
import { type Finding, reportText } from "./report-text.ts";

/** The preflight checks every workbook; a large tournament's take a while. */
const PREFLIGHT_TIMEOUT_MS = 180_000;

const SECRET_HELP =
  "set SYNC_SHARED_SECRET (for example `SYNC_SHARED_SECRET=$(gcloud secrets versions access latest --secret sync-shared-secret) npm run preflight`)";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { service: { type: "string" }, help: { type: "boolean" } } });
  if (values.help) {
    process.stdout.write(
      "usage: npm run preflight [-- --service <the service's URL>]\n" +
        "The address defaults to SERVICE_URL, then to what deploy/setup recorded; the sync secret is\n" +
        "SYNC_SHARED_SECRET, else asked for without echo.\n",
    );
    return 0;
  }
  const serviceUrl = (
    values.service ??
    process.env.SERVICE_URL ??
    (await readDeployed()).serviceUrl
  )?.replace(/\/+$/, "");
  if (serviceUrl === undefined || !/^https?:\/\//.test(serviceUrl)) {
    process.stderr.write(
      "preflight: which service? Give --service <https://…run.app>, or set SERVICE_URL, or run deploy/setup first.\n",
    );
    return 2;
  }
  let secret = process.env.SYNC_SHARED_SECRET?.trim();
  if (!secret && process.stdin.isTTY) {
    const prompt = createPrompter();
    secret = (await prompt.hidden("The service's sync secret (SYNC_SHARED_SECRET, not shown): ")).trim();
    prompt.close();
  }
  if (!secret) {
    process.stderr.write(`preflight: no sync secret: ${SECRET_HELP}.\n`);
    return 2;
  }
  const answer = await getFromService(
    serviceUrl,
    "/v3/diagnostics/preflight",
    { "x-sync-secret": secret, accept: "application/json" },
    PREFLIGHT_TIMEOUT_MS,
  );
  if (answer.status === 401) {
    process.stderr.write(`preflight: the service refused the sync secret: ${SECRET_HELP}.\n`);
    return 2;
  }
  if (answer.status === 404) {
    process.stderr.write(
      "preflight: this service has no preflight route: deploy this version of the service (deploy/setup).\n",
    );
    return 2;
  }
  let report: { ok: boolean; checkedAt: string; checks: Finding[] };
  try {
    report = JSON.parse(answer.body);
  } catch {
    process.stderr.write(`preflight: the service answered HTTP ${answer.status} without a report.\n`);
    return 2;
  }
  if (answer.status !== 200 || !Array.isArray(report.checks)) {
    process.stderr.write(`preflight: the service answered HTTP ${answer.status} without a report.\n`);
    return 2;
  }
  process.stdout.write(reportText(serviceUrl, report));
  return report.ok ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`preflight: ${(error as Error).message}\n`);
    process.exitCode = 2;
  },
);
