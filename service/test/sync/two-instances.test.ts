import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import { REGISTRY_PATH } from "../../src/registry/store.ts";
import { startGitHubApiFake } from "../fakes/github-api-fake.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";

const run = promisify(execFile);
const INSTANCE = fileURLToPath(new URL("./instance.ts", import.meta.url));
const ROUNDS = 50;

function registry() {
  const file = sampleRegistry();
  file.events["open-2026"].days["open-sat"].facilities = [
    { name: "Hall A", sheetId: "two-a" },
    { name: "Hall B", sheetId: "two-b" },
  ];
  return `${JSON.stringify(file, null, 2)}\n`;
}

async function twoInstances(data: string, workbooksDir: string) {
  const start = (facility: string, sheetId: string) =>
    run(
      process.execPath,
      [
        "--import",
        "tsx",
        INSTANCE,
        JSON.stringify({
          data,
          workbooksDir,
          sheetId,
          facility,
          day: "open-sat",
          event: "open-2026",
          rounds: ROUNDS,
        }),
      ],
      {
        timeout: 110_000,
      },
    ).then(({ stdout }) => JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}"));
  return Promise.all([start("Hall A", "two-a"), start("Hall B", "two-b")]);
}

function assertHoldsLatest(content: string | undefined) {
  const snapshot = JSON.parse(content ?? "{}");
  for (const name of ["Hall A", "Hall B"]) {
    const facility = snapshot.facilities.find((f: { name: string }) => f.name === name);
    assert.equal(facility.status, "ok");
    assert.match(facility.matchesCsv, new RegExp(`,${ROUNDS},1\\n`), `${name} holds round ${ROUNDS}`);
  }
}

describe("Two service instances (two processes) syncing different facilities of one day, 50 rounds, one data repository", () => {
  test("data folder: every round's commit keeps the other's data, and the final snapshot holds both facilities' latest", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tops-two-data-"));
    const workbooksDir = await mkdtemp(join(tmpdir(), "tops-two-books-"));
    try {
      const repository = createDataFolder(dataDir);
      await repository.write(REGISTRY_PATH, registry(), null, "test");
      const results = await twoInstances(`folder:${dataDir}`, workbooksDir);
      for (const result of results) assert.deepEqual(result.failures, [], `${result.facility}`);
      assertHoldsLatest((await repository.read("open-2026/data/open-sat.json"))?.content);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(workbooksDir, { recursive: true, force: true });
    }
  });

  test("GitHub API fake: the same, with GitHub's sha compare-and-swap", async () => {
    const github = await startGitHubApiFake({ repo: "acme/data", token: "gh-token" });
    const workbooksDir = await mkdtemp(join(tmpdir(), "tops-two-books-"));
    try {
      github.setFile(REGISTRY_PATH, registry());
      const results = await twoInstances(`github:${github.url}`, workbooksDir);
      for (const result of results) assert.deepEqual(result.failures, [], `${result.facility}`);
      assertHoldsLatest(github.file("open-2026/data/open-sat.json")?.toString("utf8"));
    } finally {
      await github.close();
      await rm(workbooksDir, { recursive: true, force: true });
    }
  });
});
