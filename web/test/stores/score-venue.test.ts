// The score page's rules at the moments a venue day depends on them (issue 26), on its store in
// Node: a kept scorer link that expired says when (Manila time) instead of only asking for one; a
// scoresheet scanned before the scorer link waits on the phone and opens once the link is in; and
// "On the sheet" follows the live day under the umpire's unsaved numbers, warning before Save.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { diffSnapshot } from "@tournament-ops/relay/changes";
import { WAITING_MS } from "../../src/score/waiting-match.ts";
import { linkToken } from "../support/page-fixtures.ts";
import {
  conflictsWith,
  KEPT,
  openScore,
  QR_107,
  SUNDAY_LINK,
  saves,
  savesAsAsked,
  sunday,
} from "../support/score-page.ts";

/** Issued Friday 27 November at 01:08 in Manila for Saturday's play: it expires Saturday at 01:08. */
const FRIDAY_LINK = linkToken("scorer", { day: "open-sat", exp: "2026-11-27T17:08:00.000Z", to: "Court 1" });
/** Saturday 28 November, 09:30 in Manila. */
const SATURDAY_0930 = "2026-11-28T01:30:00.000Z";

describe("the score page on a venue day", () => {
  test("a sheet scanned after the kept link expired says when it expired, in Manila time, and what to do", async () => {
    const first = await openScore(
      `https://results.test/score/#${FRIDAY_LINK}`,
      undefined,
      sunday(),
      "2026-11-27T01:00:00Z",
    );
    assert.equal(first.score.link.value?.token, FRIDAY_LINK);

    const scan = await openScore(QR_107, first.page.storage, sunday(), SATURDAY_0930);
    assert.equal(scan.score.link.value, undefined);
    assert.equal(
      scan.score.askBecause.value,
      "Your scorer link expired at 01:08 on Saturday 28 November; ask the control desk for a new one.",
    );
    assert.equal(scan.score.expiredLink.value?.token, FRIDAY_LINK);
    assert.deepEqual(scan.score.place.value, { facility: "Rizal Hall", match: "107" });

    const fresh = await openScore(QR_107, undefined, sunday(), SATURDAY_0930);
    assert.equal(
      fresh.score.askBecause.value,
      undefined,
      "a phone that never had a link is only asked for one",
    );
    assert.equal(fresh.score.expiredLink.value, undefined);
  });

  test("a link that expires while the match is open is not sent, and the page says when it expired", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    score.setScore("one", "21");
    score.setScore("two", "11");
    page.clock.set("2026-11-30T01:00:00.000Z");
    await score.save();
    assert.deepEqual(await saves(page), []);
    assert.match(
      score.askBecause.value ?? "",
      /^Your scorer link expired at 09:00 on Monday 30 November; ask the control desk/,
    );
    assert.equal(JSON.parse(page.storage.getItem(KEPT) ?? "[]").length, 1, "kept, to say when it expired");
  });

  test("a sheet scanned before the scorer link: the link's QR code, opened next, lands on the scanned match", async () => {
    const scan = await openScore(QR_107);
    assert.equal(scan.score.link.value, undefined);

    const { page, score } = await openScore(`https://results.test/score/#${SUNDAY_LINK}`, scan.page.storage);
    assert.deepEqual(score.place.value, { facility: "Rizal Hall", match: "107" });
    assert.equal(page.history.at(-1), QR_107, "the address names the match, and holds no token");
    assert.equal(score.shownMatch.value?.matchNumber, "107");
    assert.equal(score.draft.value?.number, "107");

    const again = await openScore(`https://results.test/score/#${SUNDAY_LINK}`, page.storage);
    assert.deepEqual(again.score.place.value, { facility: undefined, match: undefined }, "it waits once");
  });

  test("a pasted link opens the scanned match too; a scan waits two hours at most, and only for its link's day", async () => {
    const scan = await openScore(QR_107);
    scan.score.useLink({
      token: SUNDAY_LINK,
      kind: "scorer",
      day: "open-sun",
      exp: Date.parse("2026-11-30T01:00:00Z"),
    });
    assert.deepEqual(scan.score.place.value, { facility: "Rizal Hall", match: "107" });
    assert.equal(scan.score.dayEntry.value?.dayKey, "open-sun");

    const late = await openScore(QR_107);
    late.page.clock.set(Date.parse("2026-11-29T01:00:00Z") + WAITING_MS);
    const opened = await openScore(
      `https://results.test/score/#${SUNDAY_LINK}`,
      late.page.storage,
      sunday(),
      late.page.clock.now(),
    );
    assert.deepEqual(
      opened.score.place.value,
      { facility: undefined, match: undefined },
      "too late: the list",
    );

    const mabini = await openScore("https://results.test/score/?facility=Mabini+Gym&match=1");
    const sundayLink = await openScore(`https://results.test/score/#${SUNDAY_LINK}`, mabini.page.storage);
    assert.deepEqual(sundayLink.score.place.value.facility, undefined, "Sunday has no Mabini Gym");
  });

  test("“On the sheet” follows the live day under unsaved numbers, and the conflict shows at once, before Save", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    const live = page.socket("/live/");
    score.setScore("one", "21");
    score.setScore("two", "19");
    assert.equal(score.conflict.value, undefined);

    // Another phone saves 15–21: the change reaches this page live.
    live.receive({
      type: "changes",
      seq: 2,
      changes: diffSnapshot(sunday(), sunday(["15", "21"], "2026-11-29T01:05:00Z")),
    });
    assert.deepEqual(score.sheetNow.value, { team1Score: 15, team2Score: 21 }, "the form's line follows");
    assert.deepEqual(
      score.conflict.value,
      { team1Score: 15, team2Score: 21 },
      "the warning, before any save",
    );
    assert.deepEqual(
      [score.draft.value?.one, score.draft.value?.two],
      ["21", "19"],
      "the umpire's numbers stay",
    );
    assert.deepEqual(await saves(page), []);

    // Saved anyway: the 409's `current` and the line still agree.
    conflictsWith(page, [15, 21]);
    await score.save();
    assert.equal(score.outcome.value?.kind, "conflict");
    assert.deepEqual(score.conflict.value, score.sheetNow.value);

    savesAsAsked(page);
    score.keepMine();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual((await saves(page)).at(-1), {
      expected: { team1Score: 15, team2Score: 21 },
      team1Score: 21,
      team2Score: 19,
    });
    assert.equal(score.conflict.value, undefined);
    assert.deepEqual(score.sheetNow.value, { team1Score: 21, team2Score: 19 });
  });

  test("a refused save whose `current` the live day has not shown yet puts it on the form's line too", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    score.setScore("one", "21");
    score.setScore("two", "19");
    conflictsWith(page, [15, 21]);
    await score.save();
    assert.deepEqual(score.sheetNow.value, { team1Score: 15, team2Score: 21 });
    assert.deepEqual(score.conflict.value, { team1Score: 15, team2Score: 21 });
  });

  test("the sheet changing to the umpire's own numbers is nothing to resolve", async () => {
    const { page, score } = await openScore(
      `https://results.test/score/?facility=Rizal+Hall&match=107#${SUNDAY_LINK}`,
    );
    score.setScore("one", "21");
    score.setScore("two", "19");
    page.socket("/live/").receive({
      type: "changes",
      seq: 2,
      changes: diffSnapshot(sunday(), sunday(["21", "19"], "2026-11-29T01:05:00Z")),
    });
    assert.equal(score.conflict.value, undefined);
    assert.deepEqual(score.draft.value?.expected, { team1Score: 21, team2Score: 19 });
  });
});
