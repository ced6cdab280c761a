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
import {
  conflictsWith,
  openScore,
  QR_107,
  SAVE,
  SUNDAY_LINK,
  saves,
  savesAsAsked,
} from "../support/score-page.ts";

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

  test("no live point is sent while the final is saved, nor once it is; a save that fails lets the latest point go", async () => {
    const { page, score } = await opened();
    /** Live answers kept back while `holdLive`; each is let go by calling it. */
    let holdLive = false;
    const heldLive: Array<() => void> = [];
    page.site.answer("PUT", LIVE, async (request) => {
      const body = (await request.json()) as { seq: number };
      const answer = json(200, { ...body, matchNumber: "107", accepted: true, ended: false, at: "" });
      if (!holdLive) return answer;
      return new Promise<Response>((resolve) => heldLive.push(() => resolve(answer)));
    });
    const isLive = (request: Request) => request.method === "PUT" && request.url.endsWith(LIVE);
    const livePuts = () => page.site.requests.filter(isLive);
    const lastSeq = async () =>
      ((await (livePuts().at(-1) as Request).clone().json()) as { seq: number }).seq;
    score.startCounting();
    const counter = score.counter.value;
    assert.ok(counter);
    for (let i = 0; i < 21; i++) {
      counter.point(1);
      if (i < 17) counter.point(2);
      await settle();
    }
    assert.deepEqual(counter.final.value, { team1Score: 21, team2Score: 17 });
    /** The last point taken back and given again: one send under way (held), the newest state waiting behind it. */
    const pointRacingTheSave = async () => {
      holdLive = true;
      counter.undo();
      counter.point(1);
      await settle();
      assert.equal(counter.status.value, "sending");
      return livePuts().length;
    };

    // A save that fails: nothing is sent while it is under way; then the newest state goes.
    let failSave: (response: Response) => void = () => {};
    page.site.answer("PUT", SAVE, () => new Promise<Response>((resolve) => (failSave = resolve)));
    const before = await pointRacingTheSave();
    const failing = score.saveCount();
    await settle();
    heldLive.shift()?.();
    await settle();
    assert.equal(livePuts().length, before, "no live point while the final is being saved");
    holdLive = false;
    failSave(json(503, { status: 503, code: "unavailable", detail: "the workbook is busy" }));
    await failing;
    await settle();
    assert.equal(score.outcome.value?.kind, "problem");
    assert.equal(livePuts().length, before + 1, "the save failed: the newest state goes live");
    assert.equal(await lastSeq(), counter.state.value.seq);
    assert.equal(counter.status.value, "sent");

    // A save that lands: the send under way answers during it, and nothing more is ever sent.
    let letSave: () => void = () => {};
    savesAsAsked(page, new Promise<void>((resolve) => (letSave = resolve)));
    const racing = await pointRacingTheSave();
    const saving = score.saveCount();
    await settle();
    heldLive.shift()?.();
    await settle();
    letSave();
    await saving;
    await settle();
    assert.equal(score.outcome.value?.kind, "saved");
    assert.equal(counter.status.value, "ended");
    assert.equal(livePuts().length, racing, "no live point once the final is saved");
    const scorePut = page.site.requests.findLastIndex((r) => r.method === "PUT" && r.url.endsWith(SAVE));
    assert.ok(scorePut >= 0);
    assert.deepEqual(
      page.site.requests.slice(scorePut).filter(isLive),
      [],
      "no live PUT after the score PUT",
    );
    counter.undo();
    await settle();
    assert.equal(livePuts().length, racing, "an ended counter sends nothing");
  });

  test("the counter's final met by a conflict and kept with Keep mine: the counter is done, and sends nothing more", async () => {
    const { page, score } = await opened();
    page.site.answer("PUT", LIVE, async (request) =>
      json(200, { ...(await request.json()), matchNumber: "107", accepted: true, ended: false, at: "" }),
    );
    conflictsWith(page, [15, 21]);
    score.startCounting();
    const counter = score.counter.value;
    assert.ok(counter);
    for (let i = 0; i < 21; i++) counter.point(1);
    await settle();
    await score.saveCount();
    assert.equal(score.outcome.value?.kind, "conflict");
    assert.notEqual(counter.status.value, "ended", "not saved yet: the counter goes on");
    savesAsAsked(page);
    score.keepMine();
    await settle();
    assert.equal(score.outcome.value?.kind, "saved");
    assert.equal(counter.status.value, "ended", "the final is saved: the counter is done");
    const sentBefore = page.site.calls("PUT", LIVE).length;
    counter.undo();
    await settle();
    assert.equal(page.site.calls("PUT", LIVE).length, sentBefore, "no live point once the final is saved");
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
    // The page hashes its token with Web Crypto, whose digest runs off the thread: wait for the state.
    for (let tries = 0; score.link.value !== undefined && tries < 500; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
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
