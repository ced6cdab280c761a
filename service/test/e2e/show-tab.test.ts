import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createDemoTournament } from "../../src/demo/index.ts";
import { REPO } from "./processes.ts";

describe("scripts/show-tab.mjs", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "tops-show-tab-"));
    await createDemoTournament({
      dataDir: join(dir, "data"),
      workbooksDir: join(dir, "workbooks"),
      now: Date.parse("2026-11-18T00:00:00Z"),
    });
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test("show-tab piped into a reader that stops after the first line (`| head -1`) ends quietly with 0", async () => {
    const child = spawn(
      process.execPath,
      ["scripts/show-tab.mjs", "cup-sun-main-hall", "SCHEDULE", "--dir", join(dir, "workbooks")],
      { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const first = await new Promise<string>((resolve) =>
      child.stdout.once("data", (chunk) => resolve(`${chunk}`)),
    );
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.once("exit", resolve));
    assert.match(first, /^matchNumber,/);
    assert.equal(stderr, "");
    assert.equal(code, 0);
  });
});
