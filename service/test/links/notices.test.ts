// The service's notices to the relay (features/notices), over h2c: the score-entry switch tells
// every day of its event, a link's revocation tells its day the link's id; a relay that does not
// answer never fails either route.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { linkIdOf } from "../../src/auth/link-id.ts";
import type { DayNotice } from "../../src/ports/live-relay.ts";
import { scoreSuite } from "../scores/score-harness.ts";
import { SPREADSHEET_BACKENDS } from "../support/backends.ts";
import { standInRelay } from "../support/stand-in-relay.ts";

function noticeRelay() {
  const notices: Array<{ event: string; day: string; notice: DayNotice }> = [];
  const state = { failing: false };
  return {
    notices,
    state,
    relay: {
      ...standInRelay(),
      async notify(event: string, day: string, notice: DayNotice) {
        if (state.failing) return; // the client never throws: a failure is logged and dropped
        notices.push({ event, day, notice });
      },
    },
  };
}

describe("notices to the relay (score-entry switch, link revocation)", () => {
  const { notices, relay } = noticeRelay();
  const s = scoreSuite(SPREADSHEET_BACKENDS[0] as (typeof SPREADSHEET_BACKENDS)[number], {
    liveRelay: relay,
  });

  test("the score-entry switch tells each day of its event the new mode", async () => {
    notices.length = 0;
    const answer = await s.put("/v3/events/open-2026/score-entry", { scoreEntry: "console" });
    assert.equal(answer.status, 200);
    assert.deepEqual(notices.map(({ event, day, notice }) => `${event}/${day} ${notice.scoreEntry}`).sort(), [
      "open-2026/open-sat console",
      "open-2026/open-sun console",
    ]);
    assert.equal((await s.put("/v3/events/open-2026/score-entry", { scoreEntry: "links" })).status, 200);
    assert.equal(notices.at(-1)?.notice.scoreEntry, "links");
  });

  test("a revocation tells its day the link's id, never its token", async () => {
    const issued = await s.t.client.request("POST", "/v3/days/open-sat/scores/scorer-links", {
      headers: { authorization: `Bearer ${s.t.operatorToken()}` },
      body: { issuedTo: "Court 3 umpire" },
    });
    assert.equal(issued.status, 201);
    const { token } = issued.json() as { token: string };
    notices.length = 0;
    const linkId = linkIdOf(token);
    const revoked = await s.put(
      `/v3/days/open-sat/links/${encodeURIComponent(linkId)}/revocation`,
      undefined,
    );
    assert.equal(revoked.status, 200);
    assert.deepEqual(notices, [{ event: "open-2026", day: "open-sat", notice: { revoked: [linkId] } }]);
    assert.ok(!JSON.stringify(notices).includes(token));
  });
});
