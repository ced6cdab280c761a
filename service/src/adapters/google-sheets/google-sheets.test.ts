import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { type SheetsApiFake, startSheetsApiFake } from "../../../test/fakes/sheets-api-fake.ts";
import { fixedToken } from "../../../test/support/sheets-credentials.ts";
import { AppError } from "../../shared/errors.ts";
import { createGoogleSheets, type GoogleSheetsOptions, RETRY_DELAY_MS, SheetsAccessError } from "./index.ts";

const TOKEN = "sa-token-do-not-leak";
const KEY = "api-key-do-not-leak";
const FACILITY = {
  SCHEDULE: [["matchNumber"], [1]],
  CSV: [["matchNumber"], [{ formula: "=SCHEDULE!A2", value: 1 }]],
  STANDINGSCSV: [["Team Code"], ["MD_1"]],
};
const TABS = ["CSV", "STANDINGSCSV", "SCHEDULE"];

describe("Google Sheets adapter: requests, fallback and failures", () => {
  let fake: SheetsApiFake;
  let warnings: object[];
  const sheets = (overrides: Partial<GoogleSheetsOptions> = {}) =>
    createGoogleSheets({
      apiUrl: fake.url,
      exportUrl: fake.url,
      // Generous, so a busy machine does not time out the tests that are not about timeouts.
      fetchTimeoutMs: 5_000,
      apiKey: KEY,
      credentials: fixedToken(TOKEN, { email: "sync@acme.iam.gserviceaccount.com" }),
      retryDelayMs: 5,
      backoffBaseMs: 2,
      logger: { warn: (obj) => warnings.push(obj) },
      ...overrides,
    });
  const failure = async (promise: Promise<unknown>): Promise<AppError> => {
    const error = await promise.catch((e: unknown) => e);
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.doesNotMatch(error.message, new RegExp(`${TOKEN}|${KEY}|"error"|PERMISSION_DENIED|INTERNAL`));
    return error;
  };

  before(async () => {
    fake = await startSheetsApiFake({ tokens: [TOKEN], apiKeys: [KEY] });
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.resetLog();
    warnings = [];
    fake.setWorkbook("shared", FACILITY);
    fake.setWorkbook("link-only", FACILITY, { token: false, key: true });
    fake.setWorkbook("private", FACILITY, { token: false, key: false });
  });

  test("one facility read of three tabs costs exactly one request", async () => {
    const tabs = await sheets().readTabs("shared", TABS, "formatted");
    assert.deepEqual(tabs.get("CSV"), [["matchNumber"], ["1"]]);
    assert.equal(fake.count(), 1);
    assert.equal(fake.count("values:batchGet"), 1);
    assert.deepEqual(fake.requests[0]?.query.getAll("ranges"), ["'CSV'", "'STANDINGSCSV'", "'SCHEDULE'"]);
  });

  test("a missing tab costs one tab listing and one re-read of the tabs that exist", async () => {
    const tabs = await sheets().readTabs("shared", ["CSV", "Teams"], "formatted");
    assert.equal(tabs.get("Teams"), undefined);
    assert.deepEqual(tabs.get("CSV"), [["matchNumber"], ["1"]]);
    assert.deepEqual(
      fake.requests.map((r) => r.query.getAll("ranges").join(",") || r.query.get("fields")),
      ["'CSV','Teams'", "sheets.properties(sheetId,title,gridProperties(rowCount,columnCount))", "'CSV'"],
    );
  });

  test("a 403 to the token is retried once with the API key, which then reads", async () => {
    const tabs = await sheets().readTabs("link-only", TABS, "formatted");
    assert.deepEqual(tabs.get("STANDINGSCSV"), [["Team Code"], ["MD_1"]]);
    assert.equal(fake.count(), 2);
    assert.match(String(fake.requests[0]?.headers.authorization), /^Bearer /);
    assert.equal(fake.requests[1]?.headers.authorization, undefined);
    assert.equal(fake.requests[1]?.headers["x-goog-api-key"], KEY);
    assert.doesNotMatch(JSON.stringify(warnings), new RegExp(`${TOKEN}|${KEY}`));
  });

  test("the API key travels in the X-Goog-Api-Key header, never in the URL", async () => {
    await sheets({ credentials: fixedToken(undefined) }).readTabs("shared", TABS, "formatted");
    await sheets({ credentials: fixedToken(undefined) }).readTabs("shared", ["CSV", "Teams"], "formatted");
    assert.equal(fake.count(), 4);
    for (const request of fake.requests) {
      assert.equal(request.headers["x-goog-api-key"], KEY);
      assert.equal(request.query.has("key"), false);
      assert.doesNotMatch(request.path, new RegExp(KEY));
    }
  });

  test("with neither token nor key a read fails as upstream_failure before any request", async () => {
    const noToken = fixedToken(undefined);
    const error = await failure(
      sheets({ credentials: noToken, apiKey: undefined }).readTabs("shared", TABS, "formatted"),
    );
    assert.equal(error.code, "upstream_failure");
    assert.equal(fake.count(), 0);
  });

  test("a read still refused is a SheetsAccessError naming the account from the credentials", async () => {
    const error = await failure(sheets().readTabs("private", TABS, "formatted"));
    assert.ok(error instanceof SheetsAccessError);
    assert.equal(error.code, "upstream_failure");
    assert.equal(
      error.message,
      "the service cannot read this workbook; share it with sync@acme.iam.gserviceaccount.com as Editor",
    );
  });

  test("the share-with message falls back to the configured email, then to 'the service account'", async () => {
    const anonymous = fixedToken(TOKEN);
    const configured = await failure(
      sheets({ credentials: anonymous, serviceAccountEmail: "ops@acme.iam.gserviceaccount.com" }).listTabs(
        "private",
      ),
    );
    assert.match(configured.message, /share it with ops@acme\.iam\.gserviceaccount\.com as Editor$/);
    const unnamed = await failure(sheets({ credentials: anonymous }).listTabs("private"));
    assert.match(unnamed.message, /share it with the service account as Editor$/);
  });

  test("a write refused to the token is a SheetsAccessError without trying the key", async () => {
    const error = await failure(sheets().writeRanges("link-only", [{ range: "SCHEDULE!A2", values: [[2]] }]));
    assert.ok(error instanceof SheetsAccessError);
    assert.equal(fake.count(), 1);
  });

  test("a 429 is retried once and the retry's answer is used", async () => {
    fake.failNext({ status: 429 });
    const tabs = await sheets().readTabs("shared", TABS, "unformatted");
    assert.deepEqual(tabs.get("SCHEDULE"), [["matchNumber"], [1]]);
    assert.equal(fake.count(), 2);
  });

  test("a 429 twice is service_busy", async () => {
    fake.failNext({ status: 429, times: 2 });
    const error = await failure(sheets().writeRanges("shared", [{ range: "SCHEDULE!A2", values: [[2]] }]));
    assert.equal(error.code, "service_busy");
    assert.equal(fake.count(), 2);
  });

  test("the pause before the retry defaults to the spec's one second", () => {
    assert.equal(RETRY_DELAY_MS, 1000);
  });

  test("a call with no answer within SHEETS_FETCH_TIMEOUT_MS is upstream_failure", async () => {
    fake.hangNext();
    const error = await failure(sheets({ fetchTimeoutMs: 300 }).readTabs("shared", TABS, "formatted"));
    assert.equal(error.code, "upstream_failure");
    assert.equal(error.message, "the spreadsheet service did not answer in time");
  });

  test("a body that trickles in past the timeout is upstream_failure too", async () => {
    fake.slowBodyNext();
    const error = await failure(sheets({ fetchTimeoutMs: 300 }).listTabs("shared"));
    assert.equal(error.message, "the spreadsheet service did not answer in time");
  });

  test("a timeout of 0 waits as long as the service takes", async () => {
    fake.setLatency(400);
    const tabs = await sheets({ fetchTimeoutMs: 0 }).listTabs("shared");
    assert.deepEqual(tabs, ["SCHEDULE", "CSV", "STANDINGSCSV"]);
  });

  test("a 500 on every try, a reset on every try and malformed JSON are upstream_failure in our own words", async () => {
    fake.failNext({ status: 500, times: 9 });
    assert.equal(
      (await failure(sheets().listTabs("shared"))).message,
      "the spreadsheet service failed (HTTP 500)",
    );
    fake.resetLog();
    fake.resetNext({ times: 9 });
    assert.equal(
      (await failure(sheets().listTabs("shared"))).message,
      "the spreadsheet service could not be reached",
    );
    fake.resetLog();
    fake.malformedNext();
    assert.equal(
      (await failure(sheets().listTabs("shared"))).message,
      "the spreadsheet service sent an unreadable answer",
    );
  });

  test("the csv method exports each tab by its id (/export?format=csv&gid=), found by one listing made just before", async () => {
    fake.setWorkbook("mixed", {
      CSV: [
        ["matchNumber", "team1Score"],
        [1, 21],
        [2, "W/O"],
        [3, null],
        [4, 19],
      ],
      STANDINGSCSV: [["Team Code"], ["MD_1"]],
    });
    fake.resetLog();
    const csv = await sheets().exportCsv("mixed", ["CSV", "STANDINGSCSV", "Teams"]);
    // Every value of a column mixing numbers, text and blanks is kept (gviz/tq turned the minority type into nulls).
    assert.equal(csv.get("CSV"), "matchNumber,team1Score\r\n1,21\r\n2,W/O\r\n3,\r\n4,19");
    assert.equal(csv.get("STANDINGSCSV"), "Team Code\r\nMD_1");
    assert.equal(csv.get("Teams"), undefined);
    const [listing, ...exports] = fake.requests;
    assert.match(String(listing?.headers.authorization), /^Bearer /);
    assert.deepEqual(
      exports.map((r) => [r.path, r.query.get("format"), r.query.get("gid")]),
      [
        ["/spreadsheets/d/mixed/export", "csv", String(fake.tab("mixed", "CSV")?.sheetId)],
        ["/spreadsheets/d/mixed/export", "csv", String(fake.tab("mixed", "STANDINGSCSV")?.sheetId)],
      ],
    );
    assert.ok(
      exports.every(
        (r) => r.headers.authorization === undefined && r.headers["x-goog-api-key"] === undefined,
      ),
    );
    assert.equal(fake.count("gviz"), 0);
  });

  test("an export of a workbook that is not link-shared is refused, its sign-in redirect not followed", async () => {
    fake.setWorkbook("editors", FACILITY, { token: true, key: false });
    const refused = await failure(sheets().exportCsv("editors", ["CSV"]));
    assert.equal(refused.message, "the workbook is not shared by link, so its CSV export is refused");
    assert.equal(fake.count("ServiceLogin"), 0);
  });
});
