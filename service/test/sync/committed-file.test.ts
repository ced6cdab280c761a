// A day file read from the data repository, and a repository failure as the caller hears it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { asUpstream, readCommitted } from "../../src/features/sync/committed-file.ts";
import type { DataRepository } from "../../src/ports/data-repository.ts";
import { AppError } from "../../src/shared/errors.ts";

/** A repository whose reads fail with `error`. */
const failingReads = (error: unknown): DataRepository =>
  ({
    read: async () => {
      throw error;
    },
    write: async () => ({ revision: "never" }),
  }) as unknown as DataRepository;

describe("a day file in the data repository", () => {
  test("a read that fails is upstream_failure saying the file could not be read", async () => {
    await assert.rejects(readCommitted(failingReads(new Error("socket hang up")), "open/data/sat.json"), {
      name: "AppError",
      code: "upstream_failure",
      message: "the data repository could not be read: socket hang up",
    });
  });

  test("a write that fails says it could not be written; an error of ours goes through as it is", () => {
    const written = asUpstream(new Error("502 from the host"), "written");
    assert.ok(written instanceof AppError);
    assert.equal(written.code, "upstream_failure");
    assert.equal(written.message, "the data repository could not be written: 502 from the host");
    const ours = new AppError("service_busy", "the write queue is full");
    assert.equal(asUpstream(ours, "read"), ours);
  });

  test("a file not there yet has no revision and no snapshot", async () => {
    const empty = { read: async () => undefined } as unknown as DataRepository;
    assert.deepEqual(await readCommitted(empty, "open/data/sat.json"), {
      revision: null,
      snapshot: undefined,
    });
  });
});
