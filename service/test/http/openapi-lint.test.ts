import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO } from "../e2e/processes.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

/**
 * `@redocly/cli lint` with the recommended rules (`redocly.yaml`) over the live /openapi.json:
 * no error and no warning, so a client generated from it names every method (operationId) and
 * knows its server.
 */

const CLI = join(REPO, "node_modules/@redocly/cli/bin/cli.js");

let t: TestApp;
let dir: string;
describe("the OpenAPI document, linted", () => {
  before(async () => {
    t = await startTestApp();
    dir = await mkdtemp(join(tmpdir(), "tops-redocly-"));
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Lints a document with the repository's Redocly config; the totals and the problems' messages. */
  async function lint(document: unknown) {
    const file = join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(document));
    const run = spawnSync(
      process.execPath,
      [CLI, "lint", file, "--config", "redocly.yaml", "--format", "json"],
      {
        cwd: REPO,
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" },
      },
    );
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number; ignored: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    return {
      ...report.totals,
      problems: report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`),
    };
  }

  test("/openapi.json passes Redocly's recommended rules with no error and no warning", async () => {
    const document = (await t.client.request("GET", "/openapi.json")).json();
    assert.deepEqual(await lint(document), { errors: 0, warnings: 0, ignored: 0, problems: [] });
  });

  test("the lint can fail: an operation without its operationId, a document without servers", async () => {
    const document = (await t.client.request("GET", "/openapi.json")).json();
    delete document.paths["/ping"].get.operationId;
    delete document.servers;
    const report = await lint(document);
    assert.equal(report.errors, 1, report.problems.join("\n"));
    assert.equal(report.warnings, 1, report.problems.join("\n"));
  });

  test("every operationId is unique, and a frozen twin's is its /v3 route's with Frozen", async () => {
    const { paths } = (await t.client.request("GET", "/openapi.json")).json();
    const operations = Object.values(
      paths as Record<string, Record<string, { operationId: string; deprecated?: boolean }>>,
    ).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(
      paths["/sync/{day}"].post.operationId,
      `${paths["/v3/days/{day}/syncs"].post.operationId}Frozen`,
    );
    assert.equal(paths["/auth/login"].post.operationId, "signInFrozen");
    for (const operation of operations.filter((o) => o.deprecated))
      assert.match(operation.operationId, /Frozen$/, operation.operationId);
  });
});
