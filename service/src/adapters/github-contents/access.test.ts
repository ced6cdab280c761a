import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type GitHubApiFake, startGitHubApiFake } from "../../../test/fakes/github-api-fake.ts";
import { githubRepositoryAccess, tokenExpiration } from "./access.ts";

describe("the data repository's access probe over the GitHub Contents API", () => {
  let fake: GitHubApiFake;
  const probe = (token: string, branch = "main") =>
    githubRepositoryAccess({ repo: "acme/data", branch, token, apiUrl: fake.url })("config/events.json");

  before(async () => {
    fake = await startGitHubApiFake({
      repo: "acme/data",
      token: "write-token",
      readOnlyTokens: ["read-token"],
    });
    fake.setFile("config/events.json", '{"version":1}');
  });
  after(() => fake.close());

  test("a token that may write: read ok, write ok, and nothing is committed", async () => {
    const before = fake.requests.length;
    assert.deepEqual(await probe("write-token"), { location: "acme/data@main", read: "ok", write: "ok" });
    const put = fake.requests.slice(before).find((r) => r.method === "PUT");
    assert.equal((put?.body as { sha?: string } | undefined)?.sha, "0".repeat(40));
    assert.equal(fake.file("config/events.json")?.toString(), '{"version":1}');
  });

  test("a read-only token, a bad token, a missing branch and a missing file are told apart", async () => {
    assert.equal((await probe("read-token")).write, "read-only");
    assert.deepEqual(await probe("nope"), { location: "acme/data@main", read: "bad-token" });
    assert.equal((await probe("write-token", "gone")).read, "no-branch");
    const missing = await githubRepositoryAccess({
      repo: "acme/data",
      branch: "main",
      token: "write-token",
      apiUrl: fake.url,
    })("config/other.json");
    assert.deepEqual(missing, { location: "acme/data@main", read: "missing" });
  });

  test("the expiry GitHub sends is kept, in either of its forms", async () => {
    fake.setTokenExpiration("2027-01-31 16:00:00 UTC");
    assert.equal((await probe("write-token")).tokenExpiresAt, "2027-01-31T16:00:00.000Z");
    fake.setTokenExpiration(undefined);
    assert.equal(tokenExpiration("2027-01-31 08:00:00 -0800"), "2027-01-31T16:00:00.000Z");
    assert.equal(tokenExpiration("next Tuesday"), undefined);
  });
});
