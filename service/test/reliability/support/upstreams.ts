import { createGitHubContents } from "../../../src/adapters/github-contents/index.ts";
import { createGoogleSheets } from "../../../src/adapters/google-sheets/index.ts";
import { createRelayClient } from "../../../src/adapters/relay-client/index.ts";
import { REGISTRY_PATH } from "../../../src/registry/store.ts";
import { manualClock } from "../../../src/shared/clock.ts";
import { type GitHubApiFake, startGitHubApiFake } from "../../fakes/github-api-fake.ts";
import { type SheetsApiFake, startSheetsApiFake } from "../../fakes/sheets-api-fake.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { sampleRegistry } from "../../support/registry-fixture.ts";
import { FACILITY_SHEETS, facilityWorkbook } from "./facility-workbooks.ts";
import { type RelayDouble, startRelayDouble } from "./relay-double.ts";

/**
 * The bound on every upstream call in the fault matrix: short, so that a hang costs little test
 * time, and twice what a loaded machine once needed (at 400 ms, a "429 twice" row's second answer
 * came after the budget under a load average of 9, so the sync answered a timeout's 502).
 */
export const UPSTREAM_TIMEOUT_MS = 800;
export const DATA_REPO = "acme/tournament-data";
const GITHUB_TOKEN = "gh-test-token";
const SHEETS_TOKEN = "test-token";
const RELAY_SECRET = "relay-secret-for-tests";

/** The three upstreams of the service, each able to fail on demand. */
export interface Upstreams {
  sheets: SheetsApiFake;
  github: GitHubApiFake;
  relay: RelayDouble;
  /** Puts every workbook, the registry and no snapshot back to the starting state, faults cleared. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts the Sheets API fake, the GitHub Contents fake and the relay double on 127.0.0.1.
 * @example const up = await startUpstreams(); const t = await startOverUpstreams(up); … await up.close();
 */
export async function startUpstreams(): Promise<Upstreams> {
  const [sheets, github, relay] = await Promise.all([
    startSheetsApiFake({ tokens: [SHEETS_TOKEN] }),
    startGitHubApiFake({ repo: DATA_REPO, token: GITHUB_TOKEN }),
    startRelayDouble(),
  ]);
  const reset = () => {
    sheets.resetLog();
    github.resetLog();
    relay.reset();
    for (const sheetId of Object.values(FACILITY_SHEETS))
      sheets.setWorkbook(sheetId, facilityWorkbook({ matches: 4, people: 6 }));
    github.setFile(REGISTRY_PATH, `${JSON.stringify(sampleRegistry(), null, 2)}\n`);
  };
  reset();
  return {
    sheets,
    github,
    relay,
    reset,
    close: async () => {
      await Promise.all([sheets.close(), github.close(), relay.close()]);
    },
  };
}

/**
 * The real app over production's three adapters pointed at the fakes: Google Sheets (token, one
 * 429 retry), GitHub Contents and the relay client, with the registry read on every request
 * (`SYNC_CONFIG_TTL_MS=0`) so that a repository fault reaches every route.
 */
export async function startOverUpstreams(up: Upstreams, env: Record<string, string> = {}): Promise<TestApp> {
  const clock = manualClock("2026-11-21T02:00:00Z");
  const quiet = { warn() {} };
  return startTestApp({
    clock,
    registry: null,
    env: {
      SYNC_CONFIG_TTL_MS: "0",
      ARCHIVE_MIN_INTERVAL_MS: "0",
      LIVE_PUSH_URL: up.relay.url,
      LIVE_PUSH_SECRET: RELAY_SECRET,
      ...env,
    },
    spreadsheets: createGoogleSheets({
      apiUrl: up.sheets.url,
      exportUrl: up.sheets.url,
      fetchTimeoutMs: UPSTREAM_TIMEOUT_MS,
      // Production's credentials cache a token and fetch a new one after a 401; here it is the same one.
      credentials: {
        accessToken: async () => SHEETS_TOKEN,
        refreshAccessToken: async () => SHEETS_TOKEN,
        serviceAccountEmail: async () => undefined,
        check: async () => ({ kind: "ok", source: "fixed-token" }),
      },
      retryDelayMs: 50,
      backoffBaseMs: 20,
      logger: quiet,
    }),
    repository: createGitHubContents({
      repo: DATA_REPO,
      branch: "main",
      token: GITHUB_TOKEN,
      apiUrl: up.github.url,
      timeoutMs: UPSTREAM_TIMEOUT_MS,
    }),
    liveRelay: createRelayClient({
      baseUrl: up.relay.url,
      secret: RELAY_SECRET,
      pushTimeoutMs: UPSTREAM_TIMEOUT_MS,
      nudgeTimeoutMs: UPSTREAM_TIMEOUT_MS,
      clock,
      logger: quiet,
    }),
  });
}
