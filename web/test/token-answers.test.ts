// Issue 24, rows L2 and L3, through the front of the stack as `npm start` starts it: every answer
// that carries a token is Cache-Control: no-store as the browser receives it, and a signed-out
// operator token is refused, while the signed-out list the static site serves holds no token.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type RunningStack, startStack } from "./support/stack.ts";

describe("tokens through the local front (issue 24, L2 and L3)", () => {
  let run: RunningStack;
  before(async () => {
    run = await startStack();
  });
  after(() => run?.stop());

  test("L2: sign-in and the desk and scorer link issues answer Cache-Control: no-store", async () => {
    const signIn = await run.api("POST", "/v3/sessions", { username: "operator", password: run.password });
    assert.equal(signIn.status, 201);
    const token = signIn.body.token as string;
    const desk = await run.api("POST", "/v3/days/open-sat/attendance/desk-links", {}, token);
    const scorer = await run.api("POST", "/v3/days/open-sat/scores/scorer-links", {}, token);
    for (const [what, answer] of [
      ["sign-in", signIn],
      ["desk link", desk],
      ["scorer link", scorer],
    ] as const) {
      assert.ok(answer.status === 201 && typeof answer.body.token === "string", `${what}: ${answer.status}`);
      assert.equal(answer.headers.get("cache-control"), "no-store", what);
    }
  });

  test("L3: a signed-out token is 401; another session goes on; the public list holds its digest only", async () => {
    const leaving = await run.signIn();
    const staying = (await run.api("POST", "/v3/sessions", { username: "operator", password: run.password }))
      .body.token as string;
    const out = await run.api("PUT", "/v3/sessions/current/revocation", undefined, leaving);
    assert.equal(out.status, 200);
    for (const path of [
      "/v3/days/open-sat/visibility",
      "/v3/days/open-sat/links",
      "/v3/settings/live-push",
    ]) {
      assert.equal((await run.api("GET", path, undefined, leaving)).status, 401, path);
    }
    assert.equal((await run.api("GET", "/v3/days/open-sat/visibility", undefined, staying)).status, 200);
    const published = await fetch(`${run.stack.front}/config/signed-out-sessions.json`);
    assert.equal(published.status, 200);
    const text = await published.text();
    assert.equal(JSON.parse(text).sessions.length, 1);
    assert.ok(!text.includes(leaving), "no token on the static site");
  });
});
