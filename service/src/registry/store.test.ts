import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { sampleRegistry } from "../../test/support/registry-fixture.ts";
import { createDataFolder } from "../adapters/data-folder/index.ts";
import type { DataRepository } from "../ports/data-repository.ts";
import { manualClock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { REGISTRY_PATH, RegistryStore } from "./store.ts";

const silent = { warn() {} };

async function setup(ttlMs = 60_000) {
  const repository = createDataFolder(await mkdtemp(join(tmpdir(), "tops-registry-")));
  const clock = manualClock("2026-11-21T00:00:00Z");
  let reads = 0;
  const counting: DataRepository = {
    read: (path) => {
      reads++;
      return repository.read(path);
    },
    write: repository.write,
  };
  const put = async (content: unknown) => {
    const text = typeof content === "string" ? content : JSON.stringify(content);
    await repository.write(
      REGISTRY_PATH,
      text,
      (await repository.read(REGISTRY_PATH))?.revision ?? null,
      "test",
    );
  };
  const store = new RegistryStore({ repository: counting, ttlMs, clock, logger: silent });
  return { store, clock, put, reads: () => reads, repository };
}

describe("registry cache, fallback and last good", () => {
  test("cached for SYNC_CONFIG_TTL_MS, and concurrent callers share one fetch", async () => {
    const { store, clock, put, reads } = await setup(60_000);
    await put(sampleRegistry());
    await Promise.all([store.get(), store.get(), store.get()]);
    assert.equal(reads(), 1);
    clock.advance(59_999);
    await store.get();
    assert.equal(reads(), 1);
    clock.advance(1);
    await store.get();
    assert.equal(reads(), 2);
  });

  test("a broken file is rejected wholesale while the last good registry keeps serving", async () => {
    const { store, clock, put } = await setup(0);
    await put(sampleRegistry());
    const good = await store.get();
    const broken = sampleRegistry() as any;
    broken.events["open-2026"].days["open-sat"].label = "Changed";
    broken.version = 7;
    await put(broken);
    clock.advance(1);
    const after = await store.get();
    assert.equal(after.revision, good.revision);
    assert.equal(after.registry.events["open-2026"]!.days["open-sat"]!.label, "Saturday", "no part applied");
    assert.equal(after.fellBack, false);
    assert.match(after.lastError ?? "", /\$\.version/);
  });

  test("a file that is not JSON keeps the last good registry too", async () => {
    const { store, clock, put } = await setup(0);
    await put(sampleRegistry());
    const good = await store.get();
    await put("{ not json");
    clock.advance(1);
    assert.equal((await store.get()).revision, good.revision);
  });

  test("with no good registry loaded yet, a broken file gives the bundled fallback", async () => {
    const { store, put } = await setup();
    await put({ version: 1 });
    const loaded = await store.get();
    assert.equal(loaded.source, "fallback");
    assert.equal(loaded.fellBack, true);
    assert.ok(Object.keys(loaded.registry.events).length > 0);
  });

  test("a good file replaces the fallback as soon as it lands", async () => {
    const { store, clock, put } = await setup(0);
    await put({ version: 1 });
    assert.equal((await store.get()).source, "fallback");
    await put(sampleRegistry());
    clock.advance(1);
    const loaded = await store.get();
    assert.equal(loaded.source, "repository");
    assert.equal(loaded.fellBack, false);
  });

  test("an unreachable repository with nothing loaded is config_unavailable; with a good copy it keeps serving", async () => {
    const clock = manualClock(0);
    let up = false;
    const repository: DataRepository = {
      read: async () => {
        if (!up) throw new Error("connection refused");
        return { content: JSON.stringify(sampleRegistry()), revision: "abc1234" };
      },
      write: async () => ({ revision: "x" }),
    };
    const store = new RegistryStore({ repository, ttlMs: 0, clock, logger: silent });
    await assert.rejects(store.get(), (e) => e instanceof AppError && e.code === "config_unavailable");
    up = true;
    assert.equal((await store.get()).revision, "abc1234");
    up = false;
    clock.advance(1);
    assert.equal((await store.get()).revision, "abc1234");
  });

  test("peek never fetches", async () => {
    const { store, reads } = await setup();
    assert.equal(store.peek(), undefined);
    assert.equal(reads(), 0);
  });

  test("day lookups: unknown_day, unknown_facility, unknown_event", async () => {
    const { store, put } = await setup();
    await put(sampleRegistry());
    assert.equal((await store.findDay("open-sat")).eventKey, "open-2026");
    await assert.rejects(store.findDay("nope"), (e) => (e as AppError).code === "unknown_day");
    await assert.rejects(store.findDay("__proto__"), (e) => (e as AppError).code === "unknown_day");
    await assert.rejects(
      store.findFacility("open-sat", "hall a"),
      (e) => (e as AppError).code === "unknown_facility",
    );
    await assert.rejects(store.findEvent("constructor"), (e) => (e as AppError).code === "unknown_event");
  });
});
