import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { type GitHubApiFake, startGitHubApiFake } from "../../../test/fakes/github-api-fake.ts";
import { RateLimitedError } from "../../ports/data-repository.ts";
import { AppError } from "../../shared/errors.ts";
import { gitBlobSha } from "../../shared/git-blob.ts";
import { createGitHubContents } from "./index.ts";

describe("GitHub contents adapter: how it uses the API", () => {
  let fake: GitHubApiFake;
  const repository = (timeoutMs = 10_000) =>
    createGitHubContents({
      repo: "acme/data",
      branch: "live",
      token: "secret-token",
      apiUrl: fake.url,
      // Generous, so a busy machine does not time out the tests that are not about timeouts.
      timeoutMs,
    });

  before(async () => {
    fake = await startGitHubApiFake({ repo: "acme/data", token: "secret-token", defaultBranch: "main" });
  });
  after(() => fake.close());
  beforeEach(() => fake.resetLog());

  test("reads and writes the configured branch with the token", async () => {
    fake.setFile("config/events.json", "on live", "live");
    fake.setFile("config/events.json", "on main", "main");
    const read = await repository().read("config/events.json");
    assert.equal(read?.content, "on live");
    await repository().write("config/events.json", "next", read?.revision ?? null, "edit registry");
    assert.equal(fake.file("config/events.json", "live")?.toString(), "next");
    assert.equal(fake.file("config/events.json", "main")?.toString(), "on main");
    assert.equal(fake.requests[0]?.query.get("ref"), "live");
    assert.match(String(fake.requests[0]?.headers.authorization), /secret-token$/);
  });

  test("a file read again is asked for conditionally: 304 while unchanged (GitHub does not count it), the new file once changed", async () => {
    const repo = repository();
    fake.setFile("a/data/sat.json", "first", "live");
    const first = await repo.read("a/data/sat.json");
    const before = fake.notModified();
    assert.deepEqual(await repo.read("a/data/sat.json"), first);
    assert.deepEqual(await repo.read("a/data/sat.json"), first);
    assert.equal(fake.notModified() - before, 2);
    assert.match(String(fake.requests.at(-1)?.headers["if-none-match"]), /^W\/"/);
    fake.setFile("a/data/sat.json", "second", "live");
    assert.deepEqual(await repo.read("a/data/sat.json"), {
      content: "second",
      revision: gitBlobSha("second"),
    });
    assert.equal(fake.notModified() - before, 2, "a changed file is sent whole");
    fake.setFile("b/data/big.json", "y".repeat(1024 * 1024 + 10), "live");
    const big = await repo.read("b/data/big.json");
    assert.equal((await repo.read("b/data/big.json"))?.revision, big?.revision);
    assert.equal(fake.notModified() - before, 3, "a file over 1 MB too");
  });

  test("a file over 1 MB costs the JSON read plus one raw read", async () => {
    const big = "x".repeat(1024 * 1024 + 10);
    fake.setFile("ev/data/big.json", big, "live");
    const read = await repository().read("ev/data/big.json");
    assert.equal(read?.revision, gitBlobSha(big));
    assert.equal(fake.requests.length, 2);
    assert.match(String(fake.requests[1]?.headers.accept), /raw/);
  });

  test("a 500 is upstream_failure with our own message", async () => {
    fake.failNext({ status: 500 });
    const error = await repository()
      .read("config/events.json")
      .catch((e: unknown) => e);
    assert.ok(error instanceof AppError);
    assert.equal(error.code, "upstream_failure");
    assert.doesNotMatch(error.message, /Server Error|documentation_url/);
  });

  test("a 422 that is not about the sha is upstream_failure, not a conflict", async () => {
    fake.failNext({ status: 422 });
    const error = await repository()
      .write("ev/x.json", "x", null, "m")
      .catch((e: unknown) => e);
    assert.ok(error instanceof AppError);
    assert.equal(error.code, "upstream_failure");
  });

  test("an API that does not answer within the timeout is upstream_failure", async () => {
    fake.hangNext();
    const error = await repository(300)
      .read("config/events.json")
      .catch((e: unknown) => e);
    assert.ok(error instanceof AppError);
    assert.equal(error.message, "the data repository did not answer in time (reading config/events.json)");
  });

  test("a reset connection and a malformed answer are upstream_failure", async () => {
    fake.resetNext();
    await assert.rejects(repository().read("config/events.json"), { code: "upstream_failure" });
    fake.malformedNext();
    await assert.rejects(repository().read("config/events.json"), { code: "upstream_failure" });
  });

  test("a wrong token is upstream_failure", async () => {
    const wrong = createGitHubContents({
      repo: "acme/data",
      branch: "live",
      token: "nope",
      apiUrl: fake.url,
    });
    const error = await wrong.read("config/events.json").catch((e: unknown) => e);
    assert.ok(error instanceof AppError);
    assert.equal(error.message, "the data repository answered HTTP 401 (reading config/events.json)");
  });

  test("the primary rate limit (403, x-ratelimit-remaining: 0) is a RateLimitedError to wait until the reset", async () => {
    fake.rateLimitNext({ resetInSeconds: 90 });
    const error = await repository()
      .read("config/events.json")
      .catch((e: unknown) => e);
    assert.ok(error instanceof RateLimitedError);
    assert.ok(error.waitMs > 88_000 && error.waitMs <= 91_000, String(error.waitMs));
    assert.equal(error.code, "upstream_failure");
  });

  test("a secondary rate limit with Retry-After, on a 403 or a 429, waits that long; a write is not a conflict", async () => {
    for (const status of [403, 429] as const) {
      fake.rateLimitNext({ retryAfterSeconds: 7, status });
      const error = await repository()
        .write("ev/data/day.json", "{}", null, "sync")
        .catch((e: unknown) => e);
      assert.ok(error instanceof RateLimitedError, `HTTP ${status}`);
      assert.equal(error.waitMs, 7_000);
    }
  });

  test("a 403 that names no rate limit is a refusal, not a wait", async () => {
    fake.failNext({ status: 403 });
    const error = await repository()
      .read("config/events.json")
      .catch((e: unknown) => e);
    assert.ok(error instanceof AppError && !(error instanceof RateLimitedError));
    assert.equal(error.message, "the data repository answered HTTP 403 (reading config/events.json)");
  });
});
