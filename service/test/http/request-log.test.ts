import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, test } from "node:test";
import { createLogger } from "../../src/http/logger.ts";
import { SYNC_SECRET, startTestApp, type TestApp } from "../support/app.ts";

const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  },
});

let t: TestApp;
describe("the request log", () => {
  before(async () => {
    // The production logger, as main.ts makes it: what Cloud Logging reads.
    t = await startTestApp({ logger: createLogger({ logLevel: "info" }, sink) });
  });
  after(() => t.close());

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  test("one line per request with its id, status and time; none for /ping's 200s", async () => {
    lines.length = 0;
    await t.client.request("GET", "/ping");
    await t.client.request("GET", "/ping");
    await t.client.request("GET", "/v3/settings/live-push", {
      headers: { authorization: `Bearer ${t.operatorToken()}` },
    });
    await t.client.request("GET", "/v3/nothing-here");
    await settle();
    assert.equal(lines.length, 2, JSON.stringify(lines));
    const [ok, missing] = lines as [Record<string, unknown>, Record<string, unknown>];
    assert.equal(ok.message, "request");
    assert.equal(ok.severity, "INFO");
    assert.equal(ok.status, 200);
    assert.equal(ok.path, "/v3/settings/live-push");
    assert.equal(typeof ok.reqId, "string");
    assert.equal(typeof ok.ms, "number");
    assert.equal(missing.status, 404);
    assert.equal(missing.code, "not_found");
    assert.notEqual(missing.reqId, ok.reqId);
  });

  test("a refused /ping (406) is still logged, and no line carries a credential", async () => {
    lines.length = 0;
    await t.client.request("GET", "/ping", { headers: { accept: "text/html" } });
    await t.client.request("GET", "/v3/diagnostics/sync", {
      headers: { "x-sync-secret": "wrong-secret-value" },
    });
    await settle();
    assert.deepEqual(
      lines.map((line) => [line.path, line.status, line.code]),
      [
        ["/ping", 406, "not_acceptable"],
        ["/v3/diagnostics/sync", 401, "unauthorized"],
      ],
    );
    assert.doesNotMatch(JSON.stringify(lines), /wrong-secret-value|authorization/i);
  });

  test("a workbook's edit trigger refused (a wrong secret, a facility not the day's) is a warning naming what it sent, never the secret", async () => {
    lines.length = 0;
    const trigger = (facility: string, secret: string) =>
      t.client.request("POST", `/v3/days/open-sat/facilities/${encodeURIComponent(facility)}/syncs`, {
        headers: { "x-sync-secret": secret, "x-workbook-id": "wb-hall-a" },
        body: {},
      });
    assert.equal((await trigger("Hall A", "old-secret-value")).status, 401);
    assert.equal((await trigger("Hall Z", SYNC_SECRET)).status, 404);
    await settle();
    const refused = lines.filter((line) => line.message === "edit trigger refused");
    assert.deepEqual(
      refused.map(({ severity, level, day, facility, workbookId, status, code }) => ({
        severity,
        level,
        day,
        facility,
        workbookId,
        status,
        code,
      })),
      [
        {
          severity: "WARNING",
          level: 40,
          day: "open-sat",
          facility: "Hall A",
          workbookId: "wb-hall-a",
          status: 401,
          code: "unauthorized",
        },
        {
          severity: "WARNING",
          level: 40,
          day: "open-sat",
          facility: "Hall Z",
          workbookId: "wb-hall-a",
          status: 404,
          code: "unknown_facility",
        },
      ],
    );
    assert.doesNotMatch(JSON.stringify(lines), /old-secret-value|sync-secret-for-tests/);
  });
});
