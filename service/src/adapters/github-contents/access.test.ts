import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { freePort } from "../../../../scripts/start/free-port.mjs";
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

  test("GitHub out of reach says why: a refused connection, a name that does not resolve, its HTTP status", async () => {
    const at = (apiUrl: string) =>
      githubRepositoryAccess({ repo: "acme/data", branch: "main", token: "write-token", apiUrl })(
        "config/events.json",
      );
    const closed = `http://127.0.0.1:${await freePort(0)}`;
    assert.deepEqual(await at(closed), {
      location: "acme/data@main",
      read: "unreachable",
      cause: "the connection was refused",
    });
    // fetch's own failure for a name the resolver does not know (undici's shape), made here so
    // that no lookup leaves the machine.
    const realFetch = globalThis.fetch;
    let asked = 0;
    globalThis.fetch = async (input, init) => {
      // Anything else still in flight in this process goes on as before.
      if (!String(input instanceof Request ? input.url : input).startsWith("https://api.github.example/"))
        return realFetch(input, init);
      asked++;
      const lookup = Object.assign(new Error("getaddrinfo ENOTFOUND api.github.example"), {
        code: "ENOTFOUND",
        syscall: "getaddrinfo",
        hostname: "api.github.example",
      });
      throw new TypeError("fetch failed", { cause: lookup });
    };
    try {
      assert.equal((await at("https://api.github.example")).cause, "the name does not resolve (DNS)");
      assert.equal(asked, 1, "the probe's read went to fetch");
    } finally {
      globalThis.fetch = realFetch;
    }
    fake.failNext({ status: 502, path: "/contents/config%2Fevents.json" });
    assert.equal((await probe("write-token")).cause, "GitHub answered HTTP 502");
  });

  test("the expiry GitHub sends is kept, in either of its forms", async () => {
    fake.setTokenExpiration("2027-01-31 16:00:00 UTC");
    assert.equal((await probe("write-token")).tokenExpiresAt, "2027-01-31T16:00:00.000Z");
    fake.setTokenExpiration(undefined);
    assert.equal(tokenExpiration("2027-01-31 08:00:00 -0800"), "2027-01-31T16:00:00.000Z");
    assert.equal(tokenExpiration("next Tuesday"), undefined);
  });
});
