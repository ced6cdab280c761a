import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";

const WRITER = new URL("./cas-writer.ts", import.meta.url).pathname;

function runWriter(dir: string, path: string, rounds: number, name: string): Promise<{ conflicts: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", WRITER, dir, path, String(rounds), name], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${name} exited ${code}: ${err}`)),
    );
  });
}

describe("data folder: two processes writing one file by compare-and-swap", () => {
  test("100 rounds each lose no update: the counter ends at 200 with every id once", async () => {
    const dir = await mkdtemp(join(tmpdir(), "data-folder-cas-"));
    try {
      const path = "ev-1/data/counter.json";
      await Promise.all([runWriter(dir, path, 100, "a"), runWriter(dir, path, 100, "b")]);
      const final = JSON.parse(await readFile(join(dir, path), "utf8")) as { counter: number; ids: string[] };
      assert.equal(final.counter, 200);
      assert.equal(new Set(final.ids).size, 200);
      for (const writer of ["a", "b"]) {
        const own = final.ids.filter((id) => id.startsWith(`${writer}-`));
        assert.deepEqual(
          own,
          Array.from({ length: 100 }, (_, round) => `${writer}-${round}`),
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
