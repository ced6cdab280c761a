// Issue 37 row 6 at the control desk, on the console's store in Node: a match with a blank side
// (a seat the draw has not filled, no name and no team code) offers no score entry and saves
// nothing, by the score page's own rule (`playersDecided`, web/src/lib/scores/score-check.ts).
// What the operator sees of it runs in Chromium in web/test/browser/console-score-checks.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openConsoleDay } from "../support/console-page.ts";
import { json } from "../support/fake-site.ts";
import { matchRow, snapshotOf } from "../support/page-fixtures.ts";

const PUT = "/v3/days/open-sun/facilities/Rizal%20Hall/matches/";
/** Match 101 played by two named players; 102 a seat the draw has not filled on either side, 103 on one. */
const SUNDAY = snapshotOf({
  "Rizal Hall": [
    matchRow(101, "09:00", "Court 1", "María Peña", "Lucía Fernández"),
    Object.assign(matchRow(102, "09:20", "Court 3", "", ""), { 5: "", 7: "" }),
    Object.assign(matchRow(103, "09:40", "Court 2", "Ana Cruz", ""), { 7: "" }),
  ],
});

describe("the console's score form for a match with no players (issue 37 row 6)", () => {
  test("a match with a blank side is not decided, and Save or Save anyway sends nothing", async () => {
    const { page, store, entry } = await openConsoleDay("?day=open-sun&view=scores", SUNDAY);
    page.site.answer("PUT", `${PUT}102/score`, () => json(500, { status: 500, detail: "never asked" }));
    for (const number of ["102", "103"]) {
      store.scores.choose({ facility: "Rizal Hall", number });
      assert.equal(store.scores.chosenMatch.value?.match.matchNumber, number);
      assert.equal(store.scores.decided.value, false, `match ${number}`);
      store.scores.setScore("one", "21");
      store.scores.setScore("two", "21");
      await store.scores.save(entry);
      await store.scores.saveAnyway(entry);
      assert.equal(
        page.site.calls("PUT", `${PUT}${number}/score`).length,
        0,
        `match ${number} saves nothing`,
      );
      assert.equal(store.scores.outcome.value, undefined);
    }
  });

  test("a match whose sides are both known is decided, and saves", async () => {
    const { page, store, entry } = await openConsoleDay("?day=open-sun&view=scores", SUNDAY);
    page.site.answer("PUT", `${PUT}101/score`, () =>
      json(200, {
        matchNumber: 101,
        teamCode1: "A101",
        teamCode2: "B101",
        team1Score: 21,
        team2Score: 19,
        note: "Operator console · 2026-11-29 09:00",
        previousNote: null,
        published: {
          facility: "ok",
          archive: { path: "p", status: "committed", revision: "r" },
          live: { pushed: true },
        },
      }),
    );
    assert.equal(store.scores.decided.value, false, "no match open");
    store.scores.choose({ facility: "Rizal Hall", number: "101" });
    assert.equal(store.scores.decided.value, true);
    store.scores.setScore("one", "21");
    store.scores.setScore("two", "19");
    await store.scores.save(entry);
    assert.equal(page.site.calls("PUT", `${PUT}101/score`).length, 1);
    assert.equal(store.scores.outcome.value?.kind, "saved");
  });
});
