import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { freePort } from "../../scripts/start/free-port.mjs";
import {
  editEveryWorkbook,
  type ProductionWorld,
  startProductionWorld,
} from "../../service/test/preflight/harness.ts";
import { SYNC_SECRET, type TestApp } from "../../service/test/support/app.ts";
import { preflightCommand } from "../src/preflight/command.ts";
import { npmPreflight } from "./support/preflight-run.ts";

/** The command in this process: its exit status and what it wrote to each stream. */
async function preflight(args: string[], env: Record<string, string>) {
  let [stdout, stderr] = ["", ""];
  const code = await preflightCommand({
    args,
    env,
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
    deployedFile: "/nonexistent/deployed.json",
  });
  return { code, stdout, stderr };
}

describe("npm run preflight: the deployed service's preflight, printed with each fix", () => {
  let world: ProductionWorld;
  let app: TestApp;

  before(async () => {
    world = await startProductionWorld();
    world.seedWorkbooks({ "wb-araneta": { access: { token: false, key: false } } });
    app = await world.startService();
    world.setPagesConfig({ apiUrl: app.url, liveUrl: world.relay.url });
  });
  after(async () => {
    await app.close();
    await world.close();
  });

  test("a failure is printed first with its fix, and `npm run preflight` exits 1", async () => {
    const { code, stdout } = await npmPreflight(["--service", app.url], { SYNC_SHARED_SECRET: SYNC_SECRET });
    assert.equal(code, 1, stdout);
    const lines = stdout.split("\n");
    assert.equal(lines[0], `Preflight of ${app.url} (2026-11-21T02:00:00.000Z)`);
    assert.equal(lines[1], "  FAIL  workbook-access  Araneta (open-sat): workbook wb-araneta");
    assert.equal(lines[2], "        the service account cannot open the workbook");
    assert.match(
      lines[3] ?? "",
      /^ {8}Fix: Share the workbook with tournament-ops@club\.iam\.gserviceaccount\.com as Editor/,
    );
    assert.match(stdout, / {2}ok {4}relay-secret {2}http:\/\/127\.0\.0\.1:\d+\n/);
    assert.match(stdout, /1 check fails: fix it and run `npm run preflight` again\.\n$/);
  });

  test("a right setup exits 0; SERVICE_URL names the service", async () => {
    world.seedWorkbooks();
    await editEveryWorkbook(app);
    const { code, stdout } = await preflight([], { SERVICE_URL: app.url, SYNC_SHARED_SECRET: SYNC_SECRET });
    assert.equal(code, 0, stdout);
    assert.doesNotMatch(stdout, /FAIL|LOOK|SKIP/);
    assert.match(stdout, /Every check passes: ready for the day\.\n$/);
  });

  test("a wrong secret, no secret, or no service exit 2 with what to do", async () => {
    const wrong = await preflight(["--service", app.url], { SYNC_SHARED_SECRET: "nope" });
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /the service refused the sync secret: set SYNC_SHARED_SECRET/);
    const none = await preflight(["--service", app.url], {});
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no sync secret: set SYNC_SHARED_SECRET/);
    const closed = `http://127.0.0.1:${await freePort(0)}`;
    const gone = await preflight(["--service", closed], { SYNC_SHARED_SECRET: SYNC_SECRET });
    assert.equal(gone.code, 2);
    assert.match(
      gone.stderr,
      new RegExp(`the service at ${closed.replaceAll(".", "\\.")} cannot be reached`),
    );
  });
});
