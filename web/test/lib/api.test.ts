import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, test } from "node:test";
import { ApiError, call, createApi } from "../../src/lib/api/client.ts";
import { describeProblem, UNREACHABLE } from "../../src/lib/api/problem.ts";
import { ConfigError, parseConfig } from "../../src/lib/config.ts";

describe("problem details in words", () => {
  test("each code a page meets says what happened and what to do next", () => {
    assert.equal(
      describeProblem(403, { code: "score_entry_off" }),
      "Score entry is switched off for this event. Ask the control desk.",
    );
    assert.match(
      describeProblem(401, { code: "unauthorized" }),
      /no longer valid .* ask the control desk for a new link/,
    );
    assert.match(describeProblem(409, { code: "score_conflict" }), /changed this score in the meantime/);
    assert.match(
      describeProblem(401, { code: "unauthorized", revoked: true }),
      /^This link was revoked by the control desk.*Ask the control desk for a new one\.$/,
    );
    assert.equal(
      describeProblem(429, { code: "rate_limited" }, "600"),
      "Too many failed sign-ins. Wait 10 minutes, then try again.",
    );
    assert.equal(
      describeProblem(429, { code: "rate_limited" }, "30"),
      "Too many failed sign-ins. Wait 1 minute, then try again.",
    );
  });

  test("the service's own message is used where it names the workbook and the fix", () => {
    assert.equal(
      describeProblem(502, {
        code: "upstream_failure",
        detail: "the service cannot read this workbook; share it with a@b as Editor",
      }),
      "The service cannot read this workbook; share it with a@b as Editor.",
    );
  });

  test("the courts' refusals say what the service says: which match holds the court, which match is played", () => {
    assert.equal(
      describeProblem(409, {
        code: "court_busy",
        detail: "Court 3 is busy: match 107 is called there. End or move that call first.",
      }),
      "Court 3 is busy: match 107 is called there. End or move that call first.",
    );
    assert.match(
      describeProblem(409, {
        code: "match_played",
        detail: "match 107 has a score (21–17), so it is not called to a court",
      }),
      /^Match 107 has a score/,
    );
  });

  test("an unknown code still gets a sentence with the status", () => {
    assert.match(describeProblem(418, { code: "teapot" }), /refused this request \(418, teapot\)/);
    assert.match(describeProblem(503, undefined), /had a problem \(503\)\. Try again in a minute\./);
  });
});

describe("the API client", () => {
  test("sends the page's token, and turns a problem details answer into an ApiError with a sentence", async () => {
    const seen: Array<string | undefined> = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(403, { "content-type": "application/problem+json" });
      res.end(JSON.stringify({ status: 403, code: "score_entry_off", detail: "score entry is off" }));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const api = createApi(
        new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
        fetch,
        () => "t0ken",
      );
      const error = await call(
        api.PUT("/v3/events/{event}/score-entry", {
          params: { path: { event: "open" } },
          body: { scoreEntry: "links" },
        }),
      ).catch((e: unknown) => e);
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 403);
      assert.equal(error.message, "Score entry is switched off for this event. Ask the control desk.");
      assert.deepEqual(seen, ["Bearer t0ken"]);
    } finally {
      server.close();
    }
  });

  test("a service that cannot be reached is status 0 with the sentence for it", async () => {
    const api = createApi(new URL("http://127.0.0.1:9/"), fetch);
    const error = await call(api.GET("/ping")).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.message], [0, UNREACHABLE]);
  });
});

describe("config.json", () => {
  const source = new URL("https://results.example/tournament/config.json");

  test("addresses may be relative to config.json; the relay's becomes ws or wss", () => {
    const config = parseConfig({ apiUrl: "https://api.example", liveUrl: "./", dataUrl: "./" }, source);
    assert.equal(config.apiUrl.href, "https://api.example/");
    assert.equal(config.liveUrl.href, "wss://results.example/tournament/");
    assert.equal(config.dataUrl.href, "https://results.example/tournament/");
  });

  test("a missing or unusable address is a ConfigError naming it", () => {
    assert.throws(() => parseConfig({ apiUrl: "./", liveUrl: "./" }, source), /no usable dataUrl/);
    assert.throws(
      () => parseConfig({ apiUrl: "ftp://x", liveUrl: "./", dataUrl: "./" }, source),
      ConfigError,
    );
  });
});
