import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect, createServer as createTcpServer } from "node:net";
import { after, before } from "node:test";
import { type RunningRelay, startRelay } from "../../../relay/test/helpers.ts";
import { createAdapters } from "../../src/adapters/index.ts";
import { parseEnvironment } from "../../src/config/environment.ts";
import { type GitHubApiFake, startGitHubApiFake } from "../fakes/github-api-fake.ts";
import { type SheetsApiFake, startSheetsApiFake, type WorkbookAccess } from "../fakes/sheets-api-fake.ts";
import { SYNC_SECRET, startTestApp, type TestApp } from "../support/app.ts";

export const REPO = "acme/tournament-data";
export const REPO_TOKEN = "repo-token";
export const READ_ONLY_TOKEN = "read-only-token";
export const SA_TOKEN = "sa-token";
export const SERVICE_ACCOUNT = "tournament-ops@club.iam.gserviceaccount.com";
export const RELAY_SECRET = "relay-secret-0123456789";

/** A production registry: one event with score entry, one coming day (the test clock is 2026-11-21), two halls. */
export function productionRegistry() {
  return {
    version: 1,
    defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
    events: {
      "city-open": {
        type: "standard",
        scoreEntry: "links",
        attendance: "desks",
        days: {
          "open-sat": {
            label: "Saturday",
            date: "2026-11-28",
            facilities: [
              { name: "Rizal Hall", sheetId: "wb-rizal" },
              { name: "Araneta", sheetId: "wb-araneta" },
            ],
          },
        },
      },
      "last-year": {
        type: "standard",
        archived: true,
        days: {
          "old-sat": { label: "Old", facilities: [{ name: "Gone", sheetId: "wb-unshared-long-ago" }] },
        },
      },
    },
  };
}

const HEADER = [["matchNumber", "team1", "team2"]];
export const FULL_TABS = { CSV: HEADER, STANDINGSCSV: [["Team Code", "Player"]], SCHEDULE: HEADER };

/**
 * The production outside world of the service, in fakes over real sockets: the Sheets API and
 * Drive, the GitHub Contents API, the relay in workerd and a static host serving the pages'
 * `config.json`. Each scenario then starts the service with the production adapters over them.
 */
export async function startProductionWorld() {
  const sheets: SheetsApiFake = await startSheetsApiFake({ tokens: [SA_TOKEN], apiKeys: ["read-key"] });
  const github: GitHubApiFake = await startGitHubApiFake({
    repo: REPO,
    token: REPO_TOKEN,
    readOnlyTokens: [READ_ONLY_TOKEN],
  });
  let pagesConfig: unknown = {};
  const pages: Server = createServer((req, res) => {
    if (req.url !== "/config.json") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(pagesConfig));
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  const pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  const relays: RunningRelay[] = [];
  const relay = await startRelay({ secret: RELAY_SECRET, allowedOrigins: [pagesUrl] });
  relays.push(relay);

  /** Every workbook of the registry shared as Editor with all its tabs; `access` changes one. */
  function seedWorkbooks(changes: Record<string, { tabs?: object; access?: WorkbookAccess }> = {}) {
    for (const id of ["wb-rizal", "wb-araneta"]) {
      const change = changes[id] ?? {};
      sheets.setWorkbook(id, (change.tabs ?? FULL_TABS) as never, change.access ?? {});
    }
  }

  return {
    sheets,
    github,
    relay,
    pagesUrl,
    seedWorkbooks,
    /** What the static host answers for `config.json`. */
    setPagesConfig(config: unknown) {
      pagesConfig = config;
    },
    /** Another relay on the same code with other settings (a wrong secret or origins). */
    async otherRelay(options: { secret: string; allowedOrigins: string[] }) {
      const other = await startRelay(options);
      relays.push(other);
      return other;
    },
    /**
     * The service as Cloud Run runs it (SHEETS_BACKEND=google, DATA_BACKEND=github), its adapters
     * made by `createAdapters` from that environment, pointed at the fakes; `env` changes a variable.
     */
    async startService(env: Record<string, string> = {}, registry: unknown = productionRegistry()) {
      const production = {
        SHEETS_BACKEND: "google",
        SHEETS_API_URL: sheets.url,
        DRIVE_API_URL: sheets.url,
        SHEETS_EXPORT_URL: sheets.url,
        SHEETS_ACCESS_TOKEN: SA_TOKEN,
        SERVICE_ACCOUNT_EMAIL: SERVICE_ACCOUNT,
        DATA_BACKEND: "github",
        DATA_REPO: REPO,
        DATA_REPO_TOKEN: REPO_TOKEN,
        GITHUB_API_URL: github.url,
        LIVE_PUSH_URL: relay.url,
        LIVE_PUSH_SECRET: RELAY_SECRET,
        PAGES_URL: pagesUrl,
        // Two triggers' syncs of one day commit one after the other, not 8 s apart.
        ARCHIVE_MIN_INTERVAL_MS: "0",
        ...env,
      };
      const { config, problems } = parseEnvironment(production);
      if (!config) throw new Error(problems.join("; "));
      // The adapters main.ts makes, the relay client included: it announces the days at startup.
      const { spreadsheets, dataRepository, liveRelay } = createAdapters(config, { logger: { warn() {} } });
      // The registry goes in with the good token and address, whatever the service is given.
      const seeding = createAdapters(
        parseEnvironment({ ...production, DATA_REPO_TOKEN: REPO_TOKEN, GITHUB_API_URL: github.url }).config!,
        { logger: { warn() {} } },
      ).dataRepository;
      const current = await seeding.read("config/events.json");
      if (registry !== null)
        await seeding.write(
          "config/events.json",
          typeof registry === "string" ? registry : JSON.stringify(registry, null, 2),
          current?.revision ?? null,
          "test registry",
        );
      const app: TestApp = await startTestApp({
        env: production,
        registry: null,
        spreadsheets,
        repository: dataRepository,
        liveRelay,
      });
      return app;
    },
    async close() {
      await Promise.all(relays.map((r) => r.dispose()));
      await Promise.all([sheets.close(), github.close()]);
      await new Promise((resolve) => pages.close(resolve));
    },
  };
}

export type ProductionWorld = Awaited<ReturnType<typeof startProductionWorld>>;

/**
 * Registers a suite's production world (started before its tests, closed after them) and returns
 * it with `service`: the service started with `env`, and the pages' config.json pointing at it.
 */
export function productionSuite() {
  let started: ProductionWorld | undefined;
  const apps: TestApp[] = [];
  before(async () => {
    started = await startProductionWorld();
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await started?.close();
  });
  return {
    get world(): ProductionWorld {
      if (started === undefined) throw new Error("the production world is not started");
      return started;
    },
    async service(env: Record<string, string> = {}, registry?: unknown): Promise<TestApp> {
      const world = this.world;
      const app = await world.startService(env, registry);
      apps.push(app);
      world.setPagesConfig({ apiUrl: app.url, liveUrl: world.relay.url, dataUrl: "./" });
      return app;
    },
  };
}

/** What a workbook's edit trigger sends (clients/apps-script/Code.js): its properties, and the workbook's id. */
export interface TriggerProperties {
  day: string;
  facility: string;
  secret?: string;
  workbookId?: string;
}

/** One edit trigger's call, as `Code.js` makes it; the status it was answered. */
export async function triggerCall(app: TestApp, call: TriggerProperties): Promise<number> {
  const path = `/v3/days/${encodeURIComponent(call.day)}/facilities/${encodeURIComponent(call.facility)}/syncs`;
  const headers: Record<string, string> = { "x-sync-secret": call.secret ?? SYNC_SECRET };
  if (call.workbookId !== undefined) headers["x-workbook-id"] = call.workbookId;
  return (await app.client.request("POST", path, { headers, body: {} })).status;
}

/** An edit in each workbook of the production registry, each trigger set up right. */
export async function editEveryWorkbook(app: TestApp): Promise<void> {
  for (const [facility, workbookId] of [
    ["Rizal Hall", "wb-rizal"],
    ["Araneta", "wb-araneta"],
  ] as const)
    assert.equal(await triggerCall(app, { day: "open-sat", facility, workbookId }), 200);
}

/** The preflight of a running service, asked with the sync secret over h2c. */
export async function preflightOf(app: TestApp) {
  const response = await app.client.request("GET", "/v3/diagnostics/preflight", {
    headers: { "x-sync-secret": SYNC_SECRET },
  });
  if (response.status !== 200) throw new Error(`preflight answered ${response.status}: ${response.text}`);
  return response.json() as {
    ok: boolean;
    ready: boolean;
    checkedAt: string;
    checks: { check: string; subject: string; status: string; detail: string; fix?: string }[];
  };
}

/** A plain TCP pass-through to the relay on another port, as the local front's socket path is. */
export async function relayProxy(target: string) {
  const { port } = new URL(target);
  const server = createTcpServer((client) => {
    const upstream = connect(Number(port), "127.0.0.1");
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

type Report = Awaited<ReturnType<typeof preflightOf>>;

/** A report's findings of one kind. */
export const findings = (report: Report, check: string) => report.checks.filter((c) => c.check === check);

/** The one finding of a kind (fails the test when there are more or none). */
export function only(report: Report, check: string) {
  const found = findings(report, check);
  assert.equal(found.length, 1, `one ${check} finding in ${JSON.stringify(report.checks, null, 1)}`);
  return found[0] as Report["checks"][number];
}

/** A report's failures. */
export const failures = (report: Report) => report.checks.filter((c) => c.status === "fail");
