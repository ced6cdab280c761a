import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { REGISTRY_PATH } from "../../src/registry/store.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { SYNC_SECRET, startTestApp, type TestApp } from "../support/app.ts";
import { SPREADSHEET_BACKENDS, type SpreadsheetBackend as WorkbookBackend } from "../support/backends.ts";
import type { sampleRegistry } from "../support/registry-fixture.ts";
import { HALL_A, scheduleWorkbook, scoreBody, scorePath } from "./schedule-fixture.ts";

const TTL_MS = 60_000;
const MODE = "/v3/events/open-2026/score-entry";
const FROZEN_MODE = "/v1/events/open-2026/score-entry";

describe("score-entry mode", () => {
  const clock = manualClock("2026-11-21T02:00:00Z");
  let backend: WorkbookBackend;
  let t: TestApp;
  const operator = (method: "GET" | "PUT" | "POST", path: string, body?: unknown) =>
    t.client.request(method, path, { headers: { authorization: `Bearer ${t.operatorToken()}` }, body });
  const registryFile = async () => JSON.parse((await t.repository.read(REGISTRY_PATH))?.content ?? "{}");
  /** Another instance's commit: the file changes without this instance dropping its cache. */
  const commitElsewhere = async (change: (file: ReturnType<typeof sampleRegistry>) => void) => {
    const stored = await t.repository.read(REGISTRY_PATH);
    const file = JSON.parse(stored?.content ?? "{}");
    change(file);
    await t.repository.write(
      REGISTRY_PATH,
      `${JSON.stringify(file, null, 2)}\n`,
      stored?.revision ?? null,
      "elsewhere",
    );
  };

  before(async () => {
    backend = await (SPREADSHEET_BACKENDS[0] as (typeof SPREADSHEET_BACKENDS)[number]).start();
    t = await startTestApp({
      clock,
      spreadsheets: backend.spreadsheets,
      env: { ARCHIVE_MIN_INTERVAL_MS: "0", SYNC_CONFIG_TTL_MS: String(TTL_MS) },
    });
  });
  after(async () => {
    await t.close();
    await backend.close();
  });
  beforeEach(async () => {
    clock.advance(TTL_MS);
    await commitElsewhere((file) => {
      file.events["open-2026"].scoreEntry = "links";
    });
    clock.advance(TTL_MS);
    await backend.seed(HALL_A, scheduleWorkbook());
  });

  test("GET answers { event, scoreEntry }, null when the event has no setting", async () => {
    assert.deepEqual((await operator("GET", MODE)).json(), { event: "open-2026", scoreEntry: "links" });
    assert.deepEqual((await operator("GET", "/v3/events/teams-2026/score-entry")).json(), {
      event: "teams-2026",
      scoreEntry: null,
    });
  });

  test("PUT switches links → console by a registry commit keeping _comment and key order; a repeat is changed false", async () => {
    const before = Object.keys(await registryFile());
    const res = await operator("PUT", MODE, { scoreEntry: "console" });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json(), { event: "open-2026", scoreEntry: "console", changed: true });
    const file = await registryFile();
    assert.equal(file.events["open-2026"].scoreEntry, "console");
    assert.deepEqual(Object.keys(file), before);
    assert.equal(file._comment, "test registry");
    assert.deepEqual((await operator("PUT", MODE, { scoreEntry: "console" })).json().changed, false);
    assert.equal((await operator("GET", MODE)).json().scoreEntry, "console");
  });

  test("the frozen PUT takes { mode } and carries Deprecation and Link", async () => {
    const res = await operator("PUT", FROZEN_MODE, { mode: "console" });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json(), { event: "open-2026", scoreEntry: "console", changed: true });
    assert.equal(res.headers.link, "</v3/events/open-2026/score-entry>; rel=successor-version");
    assert.match(String(res.headers.deprecation), /^@\d+$/);
  });

  test("an event with no setting is 403 score_entry_off and stays unchanged (both surfaces)", async () => {
    for (const [path, body] of [
      ["/v3/events/teams-2026/score-entry", { scoreEntry: "links" }],
      ["/v1/events/teams-2026/score-entry", { mode: "links" }],
    ] as const) {
      const res = await operator("PUT", path, body);
      assert.deepEqual([res.status, res.json().code], [403, "score_entry_off"]);
    }
    assert.equal("scoreEntry" in (await registryFile()).events["teams-2026"], false);
  });

  test("an unknown event is 404 unknown_event on /v3 and on the frozen twin", async () => {
    for (const [method, path, body] of [
      ["GET", "/v3/events/no-event/score-entry", undefined],
      ["PUT", "/v3/events/no-event/score-entry", { scoreEntry: "links" }],
      ["PUT", "/v1/events/no-event/score-entry", { mode: "links" }],
    ] as const) {
      const res = await operator(method, path, body);
      assert.deepEqual([res.status, res.json().code], [404, "unknown_event"]);
    }
  });

  test("only console or links: anything else is 400 validation_error", async () => {
    for (const [path, body] of [
      [MODE, { scoreEntry: "off" }],
      [MODE, { scoreEntry: null }],
      [MODE, {}],
      [FROZEN_MODE, { mode: "desks" }],
    ] as const) {
      assert.equal((await operator("PUT", path, body)).status, 400, JSON.stringify(body));
    }
  });

  test("operator only: the secret and a scorer token are 401", async () => {
    const secret = await t.client.request("PUT", MODE, {
      headers: { "x-sync-secret": SYNC_SECRET },
      body: { scoreEntry: "console" },
    });
    assert.equal(secret.status, 401);
    const scorer = await t.client.request("GET", MODE, {
      headers: { authorization: `Bearer ${t.scorerToken("open-sat")}` },
    });
    assert.equal(scorer.status, 401);
  });

  describe("links → console stops scorer links; set back, earlier links work again", () => {
    test("on this instance at once: scorer saves and new links are 403 forbidden, operators still save", async () => {
      const scorer = t.scorerToken("open-sat", clock.now() + 86_400_000);
      assert.equal((await operator("PUT", MODE, { scoreEntry: "console" })).status, 200);
      const save = await t.client.request("PUT", scorePath(1), {
        headers: { authorization: `Bearer ${scorer}` },
        body: scoreBody([null, null], [21, 17]),
      });
      assert.deepEqual([save.status, save.json().code], [403, "forbidden"]);
      assert.equal((await operator("POST", "/v3/days/open-sat/scores/scorer-links")).status, 403);
      assert.equal((await operator("PUT", scorePath(1), scoreBody([null, null], [21, 17]))).status, 200);
      assert.equal((await operator("PUT", MODE, { scoreEntry: "links" })).status, 200);
      const again = await t.client.request("PUT", scorePath(1), {
        headers: { authorization: `Bearer ${scorer}` },
        body: scoreBody([21, 17], [21, 18]),
      });
      assert.equal(again.status, 200, again.text);
    });

    test("committed by another instance: refused within SYNC_CONFIG_TTL_MS", async () => {
      const scorer = t.scorerToken("open-sat", clock.now() + 86_400_000);
      const save = (expected: [number | null, number | null], scores: [number, number]) =>
        t.client.request("PUT", scorePath(1), {
          headers: { authorization: `Bearer ${scorer}` },
          body: scoreBody(expected, scores),
        });
      assert.equal((await save([null, null], [1, 2])).status, 200);
      await commitElsewhere((file) => {
        file.events["open-2026"].scoreEntry = "console";
      });
      clock.advance(TTL_MS);
      assert.equal((await save([1, 2], [3, 4])).status, 403);
      assert.equal((await operator("POST", "/v3/days/open-sat/scores/scorer-links")).status, 403);
    });
  });
});
