import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { withFileLock } from "./file-lock.ts";

const QUICK = { staleAfterMs: 300, giveUpAfterMs: 3_000 };

describe("the data folder's file lock", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "tops-file-lock-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test("a lock dated years ago is not taken from its live holder: the waiter goes after it", async () => {
    const file = join(dir, "dated.json");
    const order: string[] = [];
    const holder = withFileLock(
      file,
      async () => {
        // The folder's clock disagrees with the process's by decades.
        await utimes(`${file}.lock`, new Date("2000-01-01"), new Date("2000-01-01"));
        order.push("holder in");
        await sleep(100);
        order.push("holder out");
      },
      QUICK,
    );
    await sleep(20);
    await withFileLock(file, async () => void order.push("waiter"), QUICK);
    await holder;
    assert.deepEqual(order, ["holder in", "holder out", "waiter"]);
  });

  test("a lock left by a crashed process is taken over once it stayed unchanged past the stale time", async () => {
    const file = join(dir, "left.json");
    await mkdir(`${file}.lock`);
    const started = performance.now();
    assert.equal(await withFileLock(file, async () => "written", QUICK), "written");
    assert.ok(performance.now() - started >= QUICK.staleAfterMs, "not before it stayed unchanged that long");
  });

  test("a lock held past the give-up time fails the write with a clear error", async () => {
    const file = join(dir, "held.json");
    await mkdir(`${file}.lock`);
    await assert.rejects(
      withFileLock(file, async () => "never", { staleAfterMs: 10_000, giveUpAfterMs: 200 }),
      /could not lock .*held\.json/,
    );
  });
});
