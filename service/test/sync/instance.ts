/**
 * One service instance in its own process, for the two-instance test: builds the app with
 * `buildApp` over a data repository (a data folder or a GitHub API fake) and local workbooks,
 * then runs N rounds of "edit my facility's workbook, sync my facility", checking after each
 * round that the committed snapshot holds this round's data. Prints one JSON line and exits.
 *
 * Usage: node --import tsx service/test/sync/instance.ts '<json>' with
 * { data: "folder:<dir>" | "github:<url>", workbooksDir, sheetId, facility, day, rounds }.
 */
import { createAdapters } from "../../src/adapters/index.ts";
import { buildApp } from "../../src/app.ts";
import { parseEnvironment } from "../../src/config/environment.ts";
import { h2c } from "../support/h2c.ts";
import { writeWorkbook } from "../support/workbooks.ts";
import { matchRows, standingsRows } from "./support-rows.ts";

interface Plan {
  data: string;
  workbooksDir: string;
  sheetId: string;
  facility: string;
  day: string;
  event: string;
  rounds: number;
}

const plan = JSON.parse(process.argv[2] ?? "{}") as Plan;
const [backend, location = ""] = [
  plan.data.slice(0, plan.data.indexOf(":")),
  plan.data.slice(plan.data.indexOf(":") + 1),
];
const { config, problems } = parseEnvironment({
  SYNC_SHARED_SECRET: "two-instances-secret",
  SHEETS_BACKEND: "local",
  WORKBOOKS_DIR: plan.workbooksDir,
  ARCHIVE_MIN_INTERVAL_MS: "0",
  // Every round's commit is checked at once: no write budget holds one back (write-budget.test.ts tests it).
  DATA_REPO_WRITES_PER_MINUTE: "100000",
  DATA_REPO_WRITES_PER_HOUR: "1000000",
  SYNC_CONFIG_TTL_MS: "600000",
  ...(backend === "folder"
    ? { DATA_BACKEND: "local", DATA_DIR: location }
    : {
        DATA_BACKEND: "github",
        DATA_REPO: "acme/data",
        DATA_REPO_TOKEN: "gh-token",
        GITHUB_API_URL: location,
      }),
});
if (!config) throw new Error(problems.join("; "));
const { spreadsheets, dataRepository } = createAdapters(config, { logger: { warn() {} } });
const app = await buildApp({ config, spreadsheets, repository: dataRepository });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const client = h2c(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
const path = `/v3/days/${plan.day}/facilities/${encodeURIComponent(plan.facility)}/syncs`;
const failures: string[] = [];
let conflicts = 0;
for (let round = 1; round <= plan.rounds; round++) {
  await writeWorkbook(plan.workbooksDir, plan.sheetId, {
    CSV: matchRows(plan.facility, 3, round),
    STANDINGSCSV: standingsRows(plan.facility),
  });
  let res = await client.request("POST", path, {
    headers: { "x-sync-secret": "two-instances-secret" },
    body: {},
  });
  // 409 `conflict` (three lost races in a row) is an answer the spec allows; a caller syncs again.
  for (let retry = 0; res.status === 409 && retry < 3; retry++) {
    conflicts++;
    res = await client.request("POST", path, {
      headers: { "x-sync-secret": "two-instances-secret" },
      body: {},
    });
  }
  if (res.status !== 200) {
    failures.push(`round ${round}: HTTP ${res.status} ${res.text}`);
    continue;
  }
  const stored = await dataRepository.read(`${plan.event}/data/${plan.day}.json`);
  const mine = JSON.parse(stored?.content ?? "{}").facilities?.find(
    (f: { name: string }) => f.name === plan.facility,
  );
  if (!mine?.matchesCsv.includes(`,${round},1\n`))
    failures.push(`round ${round}: the committed snapshot lacks this round's data`);
}
client.close();
await app.close();
process.stdout.write(
  `${JSON.stringify({ facility: plan.facility, rounds: plan.rounds, conflicts, failures })}\n`,
);
