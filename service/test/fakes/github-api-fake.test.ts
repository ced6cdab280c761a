import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type GitHubApiFake, startGitHubApiFake } from "./github-api-fake.ts";

describe("the GitHub fake checks requests against GitHub's OpenAPI description", () => {
  let fake: GitHubApiFake;
  const call = async (method: "GET" | "PUT", path: string, body?: unknown) => {
    const response = await fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: "Bearer t", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, message: ((await response.json()) as { message: string }).message };
  };
  const FILE = "/repos/acme/data/contents/ev/data/day.json";

  before(async () => {
    fake = await startGitHubApiFake({ repo: "acme/data", token: "t" });
  });
  after(() => fake.close());

  test("a body without a required member, or with a member of the wrong type, is 422 as GitHub words it", async () => {
    assert.deepEqual(await call("PUT", FILE, { content: "e30=" }), {
      status: 422,
      message: 'Invalid request.\n\n"message" wasn\'t supplied.',
    });
    assert.deepEqual(await call("PUT", FILE, { message: "m", content: "e30=", sha: 5 }), {
      status: 422,
      message: "Invalid request.\n\nFor 'properties/sha', 5 is not a string.",
    });
    assert.equal(
      (await call("PUT", FILE, { message: "m", content: "e30=", committer: { name: "x" } })).status,
      422,
    );
  });

  test("an operation the description does not have is 404; a parameter or member it does not name is refused", async () => {
    assert.equal((await call("GET", "/repos/acme/data/git/refs")).status, 404);
    assert.equal((await call("GET", `${FILE}?branch=main`)).status, 422);
    assert.equal((await call("PUT", FILE, { message: "m", content: "e30=", force: true })).status, 422);
    assert.equal((await call("PUT", FILE, { message: "m", content: "e30=" })).status, 201);
  });

  test("the primary rate limit answers 403 with x-ratelimit-remaining 0 and the reset time", async () => {
    fake.rateLimitNext({ resetInSeconds: 30 });
    const response = await fetch(`${fake.url}${FILE}`, { headers: { authorization: "Bearer t" } });
    assert.equal(response.status, 403);
    assert.equal(response.headers.get("x-ratelimit-remaining"), "0");
    assert.ok(Number(response.headers.get("x-ratelimit-reset")) * 1000 > Date.now());
    await response.arrayBuffer();
  });
});
