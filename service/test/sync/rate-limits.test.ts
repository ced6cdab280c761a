import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { createGitHubContents } from "../../src/adapters/github-contents/index.ts";
import { createGoogleSheets } from "../../src/adapters/google-sheets/index.ts";
import { type GitHubApiFake, startGitHubApiFake } from "../fakes/github-api-fake.ts";
import { type SheetsApiFake, startSheetsApiFake } from "../fakes/sheets-api-fake.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { matchRows, standingsRows } from "./support.ts";

const SNAPSHOT = "open-2026/data/open-sat.json";
const A = "/v3/days/open-sat/facilities/Hall%20A/syncs";
const B = "/v3/days/open-sat/facilities/Hall%20B/syncs";

// GitHub answers a rate limit with 403 or 429 and says how long to wait; the group commit waits
// that long and writes then. Nothing a sync published is dropped, and the sync answers at once.
describe("GitHub rate limits delay the group commit, never drop it", () => {
  let sheets: SheetsApiFake;
  let github: GitHubApiFake;
  let t: TestApp;
  const sync = (path: string) =>
    t.client.request("POST", path, { headers: { authorization: `Bearer ${t.operatorToken()}` } });
  const diagnostics = async () =>
    (
      await t.client.request("GET", "/v3/diagnostics/sync", {
        headers: { authorization: `Bearer ${t.operatorToken()}` },
      })
    ).json();
  const published = () => JSON.parse(github.file(SNAPSHOT)?.toString("utf8") ?? "null");
  const until = async (done: () => Promise<boolean>) => {
    while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  before(async () => {
    sheets = await startSheetsApiFake({ tokens: ["sa-token"] });
    github = await startGitHubApiFake({ repo: "acme/data", token: "gh-token" });
    t = await startTestApp({
      env: { ARCHIVE_MIN_INTERVAL_MS: "0" },
      spreadsheets: createGoogleSheets({
        apiUrl: sheets.url,
        exportUrl: sheets.url,
        fetchTimeoutMs: 5_000,
        accessToken: "sa-token",
      }),
      repository: createGitHubContents({
        repo: "acme/data",
        branch: "main",
        token: "gh-token",
        apiUrl: github.url,
      }),
    });
    t.services.afterFacilitySync.length = 0;
  });
  after(async () => {
    await t.close();
    await sheets.close();
    await github.close();
  });
  let round = 0;
  beforeEach(() => {
    // New scores each time, so that every test has a snapshot to commit.
    round++;
    sheets.setWorkbook("open-hall-a", { CSV: matchRows("A", 2, round), STANDINGSCSV: standingsRows("A") });
    sheets.setWorkbook("open-hall-b", { CSV: matchRows("B", 3, round), STANDINGSCSV: standingsRows("B") });
    github.resetLog();
  });

  for (const limit of [
    { name: "a secondary limit (429, Retry-After)", fault: { retryAfterSeconds: 1, status: 429 as const } },
    {
      name: "the primary limit (403, x-ratelimit-remaining: 0 until x-ratelimit-reset)",
      fault: { resetInSeconds: 1 },
    },
  ]) {
    test(`${limit.name}: the sync answers at once with the commit's retryAt, the wait shows in the diagnostics, and the commit lands after it`, async () => {
      github.rateLimitNext({ ...limit.fault, path: "open-sat.json", method: "PUT" });
      const before = published();
      const first = await sync(A);
      assert.equal(first.status, 200, first.text);
      // The released 3.0 status values only (a new one would be breaking): carried, with retryAt.
      assert.equal(first.json().archive.status, "carried");
      assert.ok(Date.parse(first.json().archive.retryAt) > t.clock.now());
      assert.deepEqual(published(), before, "nothing committed before the pause ends");
      // Another facility's sync during the pause joins the waiting commit.
      const second = await sync(B);
      assert.equal(second.json().archive.status, "carried");
      assert.equal(second.json().archive.retryAt, first.json().archive.retryAt);
      const waiting = (await diagnostics()).repository.delayedCommits;
      assert.deepEqual(
        waiting.map((d: { path: string; waiting: number }) => [d.path, d.waiting]),
        [[SNAPSHOT, 2]],
      );

      await until(async () => (await diagnostics()).repository.delayedCommits.length === 0);
      const csvOf = (snapshot: { facilities: { name: string; matchesCsv: string }[] }, name: string) =>
        snapshot.facilities.find((f) => f.name === name)?.matchesCsv;
      // Both syncs' reads are in the file: the commit after the pause held both contributions.
      assert.equal(csvOf(published(), "Hall A"), csvOf(first.json().snapshot, "Hall A"));
      assert.equal(csvOf(published(), "Hall B"), csvOf(second.json().snapshot, "Hall B"));
      const puts = github.requests.filter((r) => r.method === "PUT").length;
      assert.equal(puts, 2, "the refused write, then one write after the pause");
    });
  }

  test("a 403 without a rate-limit header is a refusal, answered at once, not a wait", async () => {
    github.failNext({ status: 403, path: "open-sat.json", method: "PUT" });
    const refused = await sync(A);
    assert.equal(refused.status, 502);
    assert.match(refused.json().detail, /answered HTTP 403/);
    assert.deepEqual((await diagnostics()).repository.delayedCommits, []);
  });
});
