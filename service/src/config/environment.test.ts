import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseEnvironment, problemsMessage, UNSET_WARNING_PREFIX, unsetWarning } from "./environment.ts";

describe("startup validation", () => {
  test("defaults when nothing is set", () => {
    const { config, problems, unset } = parseEnvironment({});
    assert.deepEqual(problems, []);
    assert.equal(config?.port, 8080);
    assert.equal(config?.auth.tokenTtlMs, 43_200_000);
    assert.equal(config?.registryTtlMs, 60_000);
    assert.equal(config?.sheets.backend, "local");
    assert.equal(config?.data.backend, "local");
    assert.deepEqual(unset, [
      "AUTH_PASSWORD_HASH",
      "AUTH_TOKEN_SECRET",
      "SYNC_SHARED_SECRET",
      "LIVE_PUSH_URL",
      "LIVE_PUSH_SECRET",
      "PAGES_URL",
    ]);
  });

  test("every variable is trimmed and a blank value counts as unset", () => {
    const { config, unset } = parseEnvironment({
      PORT: "  9090 ",
      SYNC_SHARED_SECRET: "   ",
      SYNC_CONFIG_TTL_MS: "",
    });
    assert.equal(config?.port, 9090);
    assert.equal(config?.auth.syncSharedSecret, undefined);
    assert.equal(config?.registryTtlMs, 60_000);
    assert.ok(unset.includes("SYNC_SHARED_SECRET"));
  });

  test("every set-but-unusable value is named in one message", () => {
    const { config, problems } = parseEnvironment({
      PORT: "70000",
      AUTH_TOKEN_TTL_MS: "0",
      SYNC_CONFIG_TTL_MS: "-1",
      LIVE_PUSH_URL: "ftp://relay",
      LIVE_PUSH_TIMEOUT_MS: "1.5",
      SHEETS_FETCH_TIMEOUT_MS: "soon",
      SCORESHEET_CONCURRENCY: "0",
      AUTH_PASSWORD_HASH: "hunter2",
      SHEETS_BACKEND: "excel",
    });
    assert.equal(config, undefined);
    const message = problemsMessage(problems);
    for (const name of [
      "PORT",
      "AUTH_TOKEN_TTL_MS",
      "SYNC_CONFIG_TTL_MS",
      "LIVE_PUSH_URL",
      "LIVE_PUSH_TIMEOUT_MS",
      "SHEETS_FETCH_TIMEOUT_MS",
      "SCORESHEET_CONCURRENCY",
      "AUTH_PASSWORD_HASH",
      "SHEETS_BACKEND",
    ]) {
      assert.ok(message.includes(name), `${name} is named`);
    }
    assert.ok(!message.includes("hunter2"), "a secret's value is never echoed");
  });

  test("HOST: unset listens everywhere (Cloud Run), an address or a host name is kept, anything else is named", () => {
    assert.equal(parseEnvironment({}).config?.host, undefined);
    assert.equal(parseEnvironment({ HOST: "127.0.0.1" }).config?.host, "127.0.0.1");
    assert.equal(parseEnvironment({ HOST: "::1" }).config?.host, "::1");
    assert.equal(parseEnvironment({ HOST: "localhost" }).config?.host, "localhost");
    for (const bad of ["http://127.0.0.1", "127.0.0.1:8080", "a b"]) {
      const { config, problems } = parseEnvironment({ HOST: bad });
      assert.equal(config, undefined, bad);
      assert.match(problemsMessage(problems), /HOST=/);
    }
  });

  test("limits at their edges: PORT 1 and 65535, SHEETS_FETCH_TIMEOUT_MS 0, SYNC_CONFIG_TTL_MS 0", () => {
    assert.equal(parseEnvironment({ PORT: "1" }).config?.port, 1);
    assert.equal(parseEnvironment({ PORT: "65535" }).config?.port, 65535);
    assert.equal(parseEnvironment({ PORT: "0" }).config, undefined);
    assert.equal(parseEnvironment({ SHEETS_FETCH_TIMEOUT_MS: "0" }).config?.sheets.fetchTimeoutMs, 0);
    assert.equal(parseEnvironment({ SYNC_CONFIG_TTL_MS: "0" }).config?.registryTtlMs, 0);
    assert.equal(parseEnvironment({ LIVE_PUSH_TIMEOUT_MS: "0" }).config, undefined);
  });

  test("one warning line names what is unset", () => {
    const line = unsetWarning(["SYNC_SHARED_SECRET", "LIVE_PUSH_URL"]);
    assert.equal(line, `${UNSET_WARNING_PREFIX} SYNC_SHARED_SECRET, LIVE_PUSH_URL`);
    assert.ok(line?.startsWith("Environment: not set, so what they enable is off or fails closed:"));
    assert.equal(unsetWarning([]), undefined);
  });

  test("the GitHub backend needs DATA_REPO as owner/name", () => {
    assert.equal(parseEnvironment({ DATA_BACKEND: "github" }).config, undefined);
    const { config, unset } = parseEnvironment({ DATA_BACKEND: "github", DATA_REPO: "club/tournament-data" });
    assert.equal(config?.data.backend, "github");
    assert.ok(unset.includes("DATA_REPO_TOKEN"));
  });

  test("PAGES_URL: the pages' address, a path kept and the trailing slash dropped; no query or fragment", () => {
    assert.equal(parseEnvironment({}).config?.pagesUrl, undefined);
    const { config, unset } = parseEnvironment({ PAGES_URL: " https://ops.example.org/manila/ " });
    assert.equal(config?.pagesUrl, "https://ops.example.org/manila");
    assert.ok(!unset.includes("PAGES_URL"));
    for (const bad of [
      "ops.example.org",
      "ftp://ops.example.org",
      "https://ops.example.org/?x=1",
      "https://ops.example.org/#a",
    ]) {
      const { config: refused, problems } = parseEnvironment({ PAGES_URL: bad });
      assert.equal(refused, undefined, bad);
      assert.match(problemsMessage(problems), /PAGES_URL/, bad);
    }
  });

  test("DATA_REPO_TIMEOUT_MS bounds each GitHub call: 20 s unless set, 0 for none, a whole number", () => {
    const github = { DATA_BACKEND: "github", DATA_REPO: "club/tournament-data" };
    const timeoutOf = (value?: string) => {
      const { config } = parseEnvironment({ ...github, DATA_REPO_TIMEOUT_MS: value });
      return config?.data.backend === "github" ? config.data.timeoutMs : undefined;
    };
    assert.equal(timeoutOf(), 20_000);
    assert.equal(timeoutOf("0"), 0);
    assert.equal(timeoutOf("45000"), 45_000);
    const { problems } = parseEnvironment({ ...github, DATA_REPO_TIMEOUT_MS: "20s" });
    assert.deepEqual(problems, ['DATA_REPO_TIMEOUT_MS="20s" must be a whole number at least 0']);
  });
});
