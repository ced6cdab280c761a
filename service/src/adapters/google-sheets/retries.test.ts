import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { type SheetsApiFake, startSheetsApiFake } from "../../../test/fakes/sheets-api-fake.ts";
import { fixedToken } from "../../../test/support/sheets-credentials.ts";
import { AppError } from "../../shared/errors.ts";
import { createGoogleSheets, type GoogleSheetsOptions, MAX_TRIES } from "./index.ts";

const TOKEN = "sa-token";
const TABS = { SCHEDULE: [["matchNumber"], [1]], STANDINGSCSV: [["Team Code"], ["MS_1"]] };

describe("Google Sheets adapter: 5xx, resets and expired tokens, as Google's guidance says", () => {
  let fake: SheetsApiFake;
  let pauses: number[];
  const sheets = (overrides: Partial<GoogleSheetsOptions> = {}) =>
    createGoogleSheets({
      apiUrl: fake.url,
      exportUrl: fake.url,
      fetchTimeoutMs: 5_000,
      credentials: fixedToken(TOKEN),
      retryDelayMs: 10,
      backoffBaseMs: 400,
      // The pauses are recorded, not waited; the jitter is fixed at 0.5 of each ceiling.
      pause: async (ms) => {
        pauses.push(ms);
      },
      random: () => 0.5,
      ...overrides,
    });

  before(async () => {
    fake = await startSheetsApiFake({ tokens: [TOKEN] });
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.resetLog();
    fake.setWorkbook("wb", TABS);
    pauses = [];
  });

  test("a 5xx is tried again after a random pause under a ceiling that doubles, then the answer is used", async () => {
    fake.failNext({ status: 503 });
    fake.failNext({ status: 500 });
    fake.failNext({ status: 502 });
    const tabs = await sheets().readTabs("wb", ["SCHEDULE"], "unformatted");
    assert.deepEqual(tabs.get("SCHEDULE"), [["matchNumber"], [1]]);
    assert.equal(fake.count(), 4);
    assert.deepEqual(pauses, [200, 400, 800]);
  });

  test("the jitter is drawn anew for every pause (full jitter: anywhere from 0 to the ceiling)", async () => {
    const draws = [0.1, 0.9];
    fake.failNext({ status: 500, times: 2 });
    await sheets({ random: () => draws.shift() ?? 0 }).listTabs("wb");
    assert.deepEqual(pauses, [0.1 * 400, 0.9 * 800]);
  });

  test("a reset connection is tried again the same way", async () => {
    fake.resetNext({ times: 2 });
    assert.deepEqual(await sheets().listTabs("wb"), ["SCHEDULE", "STANDINGSCSV"]);
    assert.equal(fake.count(), 3);
    assert.deepEqual(pauses, [200, 400]);
  });

  test("idempotent writes are retried too: values written twice are the same values", async () => {
    fake.failNext({ status: 500 });
    await sheets().writeRanges("wb", [{ range: "SCHEDULE!B2", values: [["x"]] }]);
    assert.equal(fake.count("values:batchUpdate"), 2);
    assert.equal(fake.cell("wb", "SCHEDULE", 1, 1)?.value, "x");
  });

  test("a request that adds a tab is never sent twice: a 5xx is final", async () => {
    fake.failNext({ status: 500 });
    const error = await sheets()
      .createTab("wb", "ATTENDANCE", [{ range: "ATTENDANCE!A1", values: [["key"]] }])
      .catch((e: unknown) => e);
    assert.ok(error instanceof AppError);
    assert.equal(error.message, "the spreadsheet service failed (HTTP 500)");
    assert.equal(fake.count(), 1);
    assert.deepEqual(pauses, []);
  });

  test(`the tries stop after ${MAX_TRIES}, with the last answer in our own words`, async () => {
    fake.failNext({ status: 503, times: 99 });
    const error = await sheets()
      .listTabs("wb")
      .catch((e: unknown) => e);
    assert.ok(error instanceof AppError);
    assert.equal(error.message, "the spreadsheet service failed (HTTP 503)");
    assert.equal(fake.count(), MAX_TRIES);
  });

  test("the tries stop where the next pause would pass the call's time budget (real time)", async () => {
    fake.failNext({ status: 500, times: 99 });
    const error = await sheets({
      fetchTimeoutMs: 2_000,
      backoffBaseMs: 1_200,
      pause: undefined,
      random: () => 1,
    })
      .listTabs("wb")
      .catch((e: unknown) => e);
    assert.ok(error instanceof AppError);
    // A pause of 1.2 s fits in the 2 s budget; the next one, 2.4 s, would not.
    assert.equal(fake.count(), 2);
  });

  test("a 401 fetches a new token once and tries again with it; the next call uses the new token", async () => {
    const credentials = fixedToken("expired-token", { fresh: [TOKEN] });
    const adapter = sheets({ credentials });
    assert.deepEqual(await adapter.listTabs("wb"), ["SCHEDULE", "STANDINGSCSV"]);
    assert.equal(credentials.refreshes, 1);
    assert.deepEqual(
      fake.requests.map((r) => r.headers.authorization),
      ["Bearer expired-token", `Bearer ${TOKEN}`],
    );
    await adapter.listTabs("wb");
    assert.equal(fake.requests[2]?.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(credentials.refreshes, 1);
  });

  test("a 401 to the new token too is upstream_failure, after one refresh, never a loop", async () => {
    const credentials = fixedToken("expired-token", { fresh: ["also-refused"] });
    const error = await sheets({ credentials })
      .listTabs("wb")
      .catch((e: unknown) => e);
    assert.ok(error instanceof AppError);
    assert.equal(error.message, "the spreadsheet service refused the service's credentials");
    assert.equal(credentials.refreshes, 1);
    assert.equal(fake.count(), 2);
  });
});
