// The rehearsal's steps (web/test/support/rehearsal-steps.ts): once a step fails, the ones after it
// are skipped naming it, and the run reports that step's own message. Played in a node:test child
// process on a three-step story whose middle step fails.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

const STEPS = pathToFileURL(join(import.meta.dirname, "support", "rehearsal-steps.ts")).href;

test("a failed step stops the rehearsal: its own message is reported, the steps after it are skipped naming it", async () => {
  const folder = await mkdtemp(join(tmpdir(), "rehearsal-steps-"));
  try {
    const story = join(folder, "story.test.ts");
    await writeFile(
      story,
      [
        `import { describe } from "node:test";`,
        `import { rehearsalSteps } from ${JSON.stringify(STEPS)};`,
        `describe("a morning", () => {`,
        `  const step = rehearsalSteps();`,
        `  step("the desks open", () => {});`,
        `  step("the umpires save", () => { throw new Error("the umpires' own failure"); });`,
        `  step("the spectator reads", () => { throw new Error("played after a failure"); });`,
        `});`,
      ].join("\n"),
    );
    const run = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--test", "--test-reporter=tap", story],
      { cwd: process.cwd() },
    ).catch((failed: { stdout: string; code: number }) => failed);
    const out = run.stdout;
    assert.match(out, /^ {4}ok 1 - the desks open$/m);
    assert.match(out, /^ {4}not ok 2 - the umpires save$/m);
    assert.match(out, /the umpires' own failure/);
    assert.match(
      out,
      /^ {4}ok 3 - the spectator reads # SKIP not played: the step “the umpires save” failed$/m,
    );
    assert.doesNotMatch(out, /played after a failure/);
    assert.equal((run as { code?: number }).code, 1, "the run fails");
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
