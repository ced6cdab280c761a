// The score page's rules, on its store in Node: the scorer link kept on the phone and the match a
// scoresheet's QR address names, the form that follows the live snapshot until the umpire types,
// a save that meets a changed sheet (`score_conflict` with `current`: keep mine, or take the
// sheet's), and links that no longer work. The page itself runs in Chromium in
// web/test/browser/score-page.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { diffSnapshot } from "@tournament-ops/relay/changes";
import { settle } from "../support/fake-clock.ts";
import { json } from "../support/fake-site.ts";
import { linkToken } from "../support/page-fixtures.ts";
import {
  KEPT,
  openScore,
  QR_107,
  SAVE,
  SUNDAY_LINK,
  saves,
  savesAsAsked,
  sunday,
} from "../support/score-page.ts";

describe("the score page's store", () => {
  test("a scorer link in the fragment is kept on the phone and taken out of the address", async () => {
    const { page, score } = await openScore(`https://results.test/score/#${SUNDAY_LINK}`);
    assert.equal(page.history.at(-1), "https://results.test/score/", "the address keeps no token");
    assert.equal(score.link.value?.token, SUNDAY_LINK);
    assert.deepEqual(JSON.parse(page.storage.getItem(KEPT) ?? "[]"), [SUNDAY_LINK]);
    assert.equal(score.shownFacility.value?.name, "Rizal Hall");

    const next = await openScore(QR_107, page.storage);
    assert.equal(
      next.score.link.value?.token,
      SUNDAY_LINK,
      "the next sheet's QR code opens with the kept link",
    );
    assert.equal(next.score.shownMatch.value?.matchNumber, "107");
    assert.equal(next.score.draft.value?.number, "107");
  });

  test("a QR address picks the kept link whose day has its facility, else the newest", async () => {
    const first = await openScore(`https://results.test/score/#${SUNDAY_LINK}`);
    const monday = linkToken("scorer", { day: "open-mon", exp: "2026-12-01T01:00:00.000Z" });
    const kept = (await openScore(`https://results.test/score/#${monday}`, first.page.storage)).page.storage;
    assert.deepEqual(JSON.parse(kept.getItem(KEPT) ?? "[]"), [monday, SUNDAY_LINK], "newest first");
    assert.equal(
      (await openScore(QR_107, kept)).score.link.value?.day,
      "open-sun",
      "Monday has no Rizal Hall",
    );
    const mabini = "https://results.test/score/?facility=Mabini+Gym&match=1";
    assert.equal((await openScore(mabini, kept)).score.link.value?.day, "open-mon");
    assert.equal((await openScore("https://results.test/score/", kept)).score.link.value?.day, "open-mon");
  });

  test("without a kept link the page asks for one; a cut-off link and a desk link say what they are", async () => {
    const none = await openScore(QR_107);
    assert.equal(none.score.link.value, undefined);
    assert.deepEqual(
      none.score.place.value,
      { facility: "Rizal Hall", match: "107" },
      "where the link will lead",
    );
    none.score.useLink({
      token: SUNDAY_LINK,
      kind: "scorer",
      day: "open-sun",
      exp: Date.parse("2026-11-30T01:00:00Z"),
    });
    assert.equal(none.score.dayEntry.value?.dayKey, "open-sun");
    assert.deepEqual(
      JSON.parse(none.page.storage.getItem(KEPT) ?? "[]"),
      [SUNDAY_LINK],
      "a pasted link is kept",
    );

    const cut = await openScore("https://results.test/score/#eyJub3QiOiJhIGxpbmsifQ");
    assert.equal(
      cut.score.askBecause.value,
      "That address does not hold a whole scorer link: part of it may have been cut off.",
    );
    const desk = linkToken("desk", { day: "open-sun", exp: "2026-11-29T16:00:00.000Z" });
    const wrong = await openScore(`https://results.test/score/#${desk}`);
    assert.equal(wrong.score.deskToken.value, desk);
    assert.equal(wrong.page.storage.getItem(KEPT), null, "a desk link is not kept as a scorer link");
  });

  test("the form follows the live changes until the umpire types; a gap in the sequence asks for the whole snapshot", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    const live = page.socket("/live/");
    const first = sunday();
    const second = sunday(["5", "3"], "2026-11-29T01:05:00.000Z");
    live.receive({ type: "changes", seq: 2, changes: diffSnapshot(first, second) });
    assert.deepEqual(
      [score.draft.value?.one, score.draft.value?.two],
      ["5", "3"],
      "the form follows the sheet",
    );
    assert.deepEqual(score.draft.value?.expected, { team1Score: 5, team2Score: 3 });

    score.setScore("one", "7");
    const third = sunday(["6", "3"], "2026-11-29T01:06:00.000Z");
    live.receive({ type: "changes", seq: 3, changes: diffSnapshot(second, third) });
    assert.deepEqual(
      [score.draft.value?.one, score.draft.value?.expected.team1Score],
      ["7", 5],
      "typed: it stays put",
    );
    assert.equal(score.shownMatch.value?.team1Score, "6");

    live.receive({
      type: "changes",
      seq: 5,
      changes: diffSnapshot(third, sunday(["9", "3"], "2026-11-29T01:09:00.000Z")),
    });
    await settle();
    assert.equal(score.shownMatch.value?.team1Score, "6", "nothing applied across a gap");
    assert.ok(live.closed);
    assert.equal(
      page.sockets.filter((s) => s.url.includes("/live/")).length,
      2,
      "a new socket, for the whole snapshot",
    );
  });

  test("a save sends the on-screen sheet scores as expected; a changed sheet answers `current`, and keep mine saves over it", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    page.site.answer("PUT", SAVE, () =>
      json(409, {
        status: 409,
        code: "score_conflict",
        detail: "the sheet changed",
        current: { team1Score: 15, team2Score: 21, teamCode1: "A107", teamCode2: "B107" },
      }),
    );
    score.setScore("one", "21");
    score.setScore("two", "18");
    score.step("two", 1);
    await score.save();
    assert.deepEqual(await saves(page), [
      { expected: { team1Score: null, team2Score: null }, team1Score: 21, team2Score: 19 },
    ]);
    assert.deepEqual(score.outcome.value, {
      kind: "conflict",
      current: { team1Score: 15, team2Score: 21 },
      note: null,
    });
    assert.deepEqual(score.conflict.value, { team1Score: 15, team2Score: 21 });
    assert.deepEqual(score.sheetNow.value, score.conflict.value, "the form's line says what the box says");
    savesAsAsked(page);
    score.keepMine();
    await settle();
    assert.deepEqual((await saves(page)).at(-1), {
      expected: { team1Score: 15, team2Score: 21 },
      team1Score: 21,
      team2Score: 19,
    });
    assert.deepEqual(score.outcome.value, {
      kind: "saved",
      scores: { team1Score: 21, team2Score: 19 },
      note: "Court 3 umpire (scorer link) · 2026-11-29 10:12",
      previousNote: null,
      published: true,
    });
  });

  test("taking the sheet's score puts `current` on the form, saves nothing, and the next save sends it as expected", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    savesAsAsked(page);
    score.setScore("one", "21");
    score.setScore("two", "7");
    page.site.answer("PUT", SAVE, () =>
      json(409, {
        status: 409,
        code: "score_conflict",
        detail: "the sheet changed",
        current: { team1Score: 21, team2Score: 9, teamCode1: "A107", teamCode2: "B107" },
      }),
    );
    await score.save();
    savesAsAsked(page);
    score.takeSheets();
    assert.deepEqual(
      [score.draft.value?.one, score.draft.value?.two, score.outcome.value],
      ["21", "9", undefined],
    );
    assert.equal((await saves(page)).length, 1, "only the refused save");
    assert.equal(score.conflict.value, undefined);
    score.setScore("two", "10");
    await score.save();
    assert.deepEqual((await saves(page)).at(-1), {
      expected: { team1Score: 21, team2Score: 9 },
      team1Score: 21,
      team2Score: 10,
    });
  });

  test("inputs are checked before anything is sent", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    await score.save();
    assert.deepEqual(score.fieldErrors.value, [{ field: "one", text: "Enter both scores.", kind: "blank" }]);
    score.setScore("one", "21");
    await score.save();
    assert.deepEqual(score.fieldErrors.value, [
      { field: "two", text: "Enter both scores, or clear both to remove the score.", kind: "blank" },
    ]);
    score.setScore("two", "211");
    assert.equal(score.draft.value?.two, "211", "a number that does not fit is kept as typed, never cut");
    assert.deepEqual(
      score.fieldErrors.value,
      [{ field: "two", text: "“211” is not a score: enter a whole number from 0 to 99.", kind: "fit" }],
      "and refused at once, before Save",
    );
    score.setScore("two", "1x9");
    assert.equal(score.fieldErrors.value[0]?.kind, "fit", "a box that holds no number is refused too");
    await score.save();
    assert.deepEqual(await saves(page), []);
  });

  test("a score the event's scoring cannot end says so before Save, and saves with one more tap", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    savesAsAsked(page);
    score.setScore("one", "21");
    score.setScore("two", "21");
    assert.equal(
      score.check.value.rule,
      "21–21 cannot end a game: a game ends at 21, or by two up to 30.",
      "said as the umpire types, with the default scoring",
    );
    await score.save();
    assert.deepEqual(await saves(page), [], "Save alone sends nothing");
    score.setScore("one", "45");
    score.setScore("two", "3");
    assert.match(score.check.value.rule ?? "", /^45–3 cannot end a game/);
    await score.saveAnyway();
    assert.deepEqual(
      (await saves(page)).map((body) => [body.team1Score, body.team2Score]),
      [[45, 3]],
      "the one more tap saves it as it is (retired, walkover, a handicap start)",
    );
    assert.equal(score.outcome.value?.kind, "saved");
    score.setScore("one", "22");
    score.setScore("two", "20");
    assert.equal(score.check.value.rule, undefined, "typing takes the exception back; 22–20 ends a game");
  });

  test("an expired link sends nothing; a refused one is forgotten; score entry switched off says what to do", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    page.site.answer("PUT", SAVE, () =>
      json(403, { status: 403, code: "score_entry_off", detail: "score entry is off for this event" }),
    );
    score.setScore("one", "21");
    score.setScore("two", "11");
    await score.save();
    assert.match(
      score.outcome.value?.kind === "problem" ? score.outcome.value.text : "",
      /^Not saved: score entry is switched off for this event\. Write the score on the scoresheet/,
    );
    page.site.answer("PUT", SAVE, () =>
      json(401, { status: 401, code: "unauthorized", detail: "bad token" }),
    );
    await score.save();
    assert.equal(score.link.value, undefined, "a link the service refuses is dropped");
    assert.equal(page.storage.getItem(KEPT), null);
    assert.match(
      score.askBecause.value ?? "",
      /has expired or is no longer valid, so the score was not saved/,
    );

    const later = await openScore(`https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`);
    later.score.setScore("one", "21");
    later.score.setScore("two", "11");
    later.page.clock.set("2026-11-30T01:00:00.000Z");
    await later.score.save();
    assert.deepEqual(await saves(later.page), [], "an expired link is never sent");
    assert.equal(later.score.link.value, undefined);
    assert.equal(
      later.score.askBecause.value,
      "Your scorer link expired at 09:00 on Monday 30 November; ask the control desk for a new one. The score was not saved: open the new link on this phone, then save again.",
    );
    assert.equal(later.score.expiredLink.value?.token, SUNDAY_LINK);
  });

  test("moving between matches is a step the back button returns from", async () => {
    const { page, score } = await openScore(`https://results.test/score/#${SUNDAY_LINK}`);
    score.go({ facility: "Rizal Hall", match: "107" });
    assert.equal(page.history.at(-1), QR_107);
    assert.equal(score.shownMatch.value?.matchNumber, "107");
    page.back();
    assert.deepEqual(score.place.value, { facility: undefined, match: undefined });
  });
});
