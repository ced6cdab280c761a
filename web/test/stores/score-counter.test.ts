// The score page's counter wiring, the relay's notices and a match with no players, on its store
// in Node: counting sends each change as the match's live point (seq counting up) and saves the
// final through the score PUT with the sheet's scores as expected; a notice of score entry
// switched to the control desk, or of this phone's link revoked, turns the page at once.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { linkIdOf } from "../../src/lib/links/link-id.ts";
import { playersDecided } from "../../src/lib/scores/score-check.ts";
import { settle } from "../support/fake-clock.ts";
import { json } from "../support/fake-site.ts";
import { openScore, QR_107, SUNDAY_LINK, saves, savesAsAsked } from "../support/score-page.ts";

const LIVE = "/v3/days/open-sun/facilities/Rizal%20Hall/matches/107/live";
const opened = () => openScore(`${QR_107}#${SUNDAY_LINK}`);

describe("the score page's counter, notices and undecided players", () => {
  test("counting sends each change live with seq counting up, and the final is saved with the sheet's scores as expected", async () => {
    const { page, score } = await opened();
    page.site.answer("PUT", LIVE, async (request) => {
      const body = (await request.json()) as { seq: number; team1Points: number; team2Points: number };
      return json(200, {
        ...body,
        matchNumber: "107",
        game: 1,
        serving: 1,
        accepted: true,
        ended: false,
        at: "",
      });
    });
    savesAsAsked(page);
    score.startCounting();
    assert.equal(score.counting.value, true);
    const counter = score.counter.value;
    assert.ok(counter);
    for (let i = 0; i < 21; i++) {
      counter.point(1);
      await settle();
      if (i < 17) {
        counter.point(2);
        await settle();
      }
    }
    assert.deepEqual(counter.final.value, { team1Score: 21, team2Score: 17 });
    const seqs = await Promise.all(
      page.site
        .calls("PUT", LIVE)
        .map(async (request) => ((await request.clone().json()) as { seq: number }).seq),
    );
    assert.ok(seqs.length > 0);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
      "seq counts up",
    );
    await score.saveCount();
    assert.deepEqual(await saves(page), [
      { expected: { team1Score: null, team2Score: null }, team1Score: 21, team2Score: 17 },
    ]);
    assert.equal(counter.status.value, "ended", "the counter sends no more once the final is saved");
  });

  test("a notice of score entry switched to the control desk, and back, changes the page's mode at once", async () => {
    const { page, score } = await opened();
    assert.equal(score.entryMode.value, "links");
    const live = page.socket("/live/junior-open/open-sun?changes=1");
    live.receive({ type: "notice", scoreEntry: "console" });
    assert.equal(score.entryMode.value, "console");
    live.receive({ type: "notice", scoreEntry: "links" });
    assert.equal(score.entryMode.value, "links");
  });

  test("a notice naming this phone's link forgets it and asks for a new one; another link's changes nothing", async () => {
    const { page, score } = await opened();
    const live = page.socket("/live/junior-open/open-sun?changes=1");
    live.receive({ type: "notice", revoked: [await linkIdOf(`${SUNDAY_LINK}x`)] });
    await settle();
    assert.equal(score.link.value?.token, SUNDAY_LINK, "another link's revocation");
    live.receive({ type: "notice", revoked: [await linkIdOf(SUNDAY_LINK)] });
    await settle();
    assert.equal(score.link.value, undefined);
    assert.match(score.askBecause.value ?? "", /^This scorer link was revoked by the control desk/);
  });

  test("a match with a blank side has no players decided", () => {
    assert.equal(
      playersDecided({ team1: "Ana Cruz", teamCode1: "", team2: "Rosa Lim", teamCode2: "" }),
      true,
    );
    assert.equal(playersDecided({ team1: "", teamCode1: "", team2: "Rosa Lim", teamCode2: "" }), false);
    assert.equal(
      playersDecided({ team1: "", teamCode1: "RED_MD_1", team2: "", teamCode2: "BLUE_MD_1" }),
      true,
    );
  });
});
