// The relay's notices (POST /notices/<event>/<day>): what the service tells every open page of a
// day at once (a score-entry mode change, a revoked link), on the snapshot and attendance channels.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { announce, connect, type RunningRelay, startRelay } from "./helpers.ts";

const SECRET = "test-push-secret";
const ORIGIN = "https://pages.test";
const LINK_ID = "q3Xr0123456789abcdefghijklmnopqrstuvwxyzABC";

function post(relay: RunningRelay, body: unknown, secret = SECRET): Promise<Response> {
  return fetch(`${relay.url}/notices/open-2026/notice-day`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-publish-secret": secret },
    body: JSON.stringify(body),
  });
}

describe("notices (POST /notices/<event>/<day>)", () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN] });
    await announce(relay.url, SECRET, ["open-2026/notice-day"]);
  });
  after(() => relay.dispose());

  it("reaches the sockets of both channels of the day, as { type: notice, … }", async () => {
    const live = await connect(relay.url, "/live/open-2026/notice-day?changes=1", ORIGIN);
    const desk = await connect(relay.url, "/attendance/open-2026/notice-day", ORIGIN);
    const answer = await post(relay, { scoreEntry: "console" });
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { clients: 2 });
    assert.deepEqual(JSON.parse(await live.next()), { type: "notice", scoreEntry: "console" });
    assert.deepEqual(JSON.parse(await desk.next()), { type: "notice", scoreEntry: "console" });
    await post(relay, { revoked: [LINK_ID] });
    assert.deepEqual(JSON.parse(await live.next()), { type: "notice", revoked: [LINK_ID] });
    assert.deepEqual(JSON.parse(await desk.next()), { type: "notice", revoked: [LINK_ID] });
    await live.close();
    await desk.close();
  });

  it("refuses a wrong secret, a body that is no notice, and another method", async () => {
    assert.equal((await post(relay, { scoreEntry: "links" }, "wrong")).status, 401);
    for (const body of [
      {},
      { scoreEntry: "off" },
      { revoked: ["not-an-id"] },
      { revoked: [LINK_ID], more: 1 },
    ])
      assert.equal((await post(relay, body)).status, 400, JSON.stringify(body));
    const get = await fetch(`${relay.url}/notices/open-2026/notice-day`);
    assert.equal(get.status, 405);
  });
});
