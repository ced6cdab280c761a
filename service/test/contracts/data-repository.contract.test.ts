import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { RevisionConflictError } from "../../src/ports/data-repository.ts";
import { gitBlobSha } from "../../src/shared/git-blob.ts";
import { REPOSITORY_BACKENDS, type RepositoryBackend } from "../support/backends.ts";

const REGISTRY = "config/events.json";

for (const adapter of REPOSITORY_BACKENDS) {
  describe(`data repository contract: ${adapter.name}`, () => {
    let it: RepositoryBackend;
    before(async () => {
      it = await adapter.start();
    });
    after(() => it.close());

    test("a file that does not exist reads as undefined", async () => {
      assert.equal(await it.repository.read("nothing/here.json"), undefined);
    });

    test("a file is read with its revision, the git blob sha of its content", async () => {
      const content = '{"version":1,"events":{}}\n';
      await it.seed(REGISTRY, content);
      assert.deepEqual(await it.repository.read(REGISTRY), { content, revision: gitBlobSha(content) });
    });

    test("create with null writes a new file, nested folders included", async () => {
      const content = JSON.stringify({ day: "day-1", label: "Día 1 · 🏸" });
      const written = await it.repository.write("ev-1/data/day-1.json", content, null, "publish day-1");
      assert.equal(written.revision, gitBlobSha(content));
      assert.deepEqual(await it.repository.read("ev-1/data/day-1.json"), {
        content,
        revision: written.revision,
      });
    });

    test("create with null when the file exists is a RevisionConflictError", async () => {
      await it.seed("ev-1/data/day-2.json", "first");
      await assert.rejects(
        it.repository.write("ev-1/data/day-2.json", "second", null, "m"),
        RevisionConflictError,
      );
      assert.equal((await it.repository.read("ev-1/data/day-2.json"))?.content, "first");
    });

    test("an update with the revision read succeeds and returns the new revision", async () => {
      await it.seed("ev-2/data/day-1.json", "v1");
      const read = await it.repository.read("ev-2/data/day-1.json");
      const written = await it.repository.write("ev-2/data/day-1.json", "v2", read?.revision ?? null, "m");
      assert.equal(written.revision, gitBlobSha("v2"));
      assert.deepEqual(await it.repository.read("ev-2/data/day-1.json"), {
        content: "v2",
        revision: gitBlobSha("v2"),
      });
    });

    test("an update with a stale revision is a RevisionConflictError and changes nothing", async () => {
      await it.seed("ev-2/data/day-2.json", "one");
      const stale = (await it.repository.read("ev-2/data/day-2.json"))?.revision ?? null;
      await it.repository.write("ev-2/data/day-2.json", "two", stale, "m");
      const error = await it.repository
        .write("ev-2/data/day-2.json", "three", stale, "m")
        .catch((e: unknown) => e);
      assert.ok(error instanceof RevisionConflictError);
      assert.equal(error.path, "ev-2/data/day-2.json");
      assert.equal((await it.repository.read("ev-2/data/day-2.json"))?.content, "two");
    });

    test("an update of a file that does not exist is a RevisionConflictError", async () => {
      await assert.rejects(
        it.repository.write("ev-3/data/gone.json", "x", gitBlobSha("x"), "m"),
        RevisionConflictError,
      );
      assert.equal(await it.repository.read("ev-3/data/gone.json"), undefined);
    });

    test("a file over 1 MB reads whole, and its revision allows the next write", async () => {
      const big = JSON.stringify({ rows: "é".repeat(700_000) });
      assert.ok(Buffer.byteLength(big) > 1024 * 1024);
      await it.seed("ev-4/data/big.json", big);
      const read = await it.repository.read("ev-4/data/big.json");
      assert.equal(read?.content, big);
      assert.equal(read?.revision, gitBlobSha(big));
      const written = await it.repository.write("ev-4/data/big.json", `${big} `, read?.revision ?? null, "m");
      assert.equal(written.revision, gitBlobSha(`${big} `));
    });

    test("a path that is not a plain relative repository path is refused before any request", async () => {
      const before = it.requests();
      for (const path of [
        "",
        "/config/events.json",
        "../events.json",
        "a//b.json",
        "a/./b.json",
        "a\\b.json",
        "a/\u0000.json",
      ]) {
        await assert.rejects(
          it.repository.read(path),
          /not a repository path/,
          `read ${JSON.stringify(path)}`,
        );
        await assert.rejects(
          it.repository.write(path, "x", null, "m"),
          /not a repository path/,
          `write ${JSON.stringify(path)}`,
        );
      }
      assert.equal(it.requests(), before);
    });
  });
}
