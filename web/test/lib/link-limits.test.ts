/**
 * Issue 37 rows 10 and 12, as page logic: a link label counted as the route counts it, said as it
 * is typed and refused past 40 characters (never cut); a desk link's card says when it ends and
 * how long is left, and warns under two hours, at every hour of a week (a controlled clock).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { deskLinkExpiry, LINK_LABEL_MAX } from "@tournament-ops/service/link-rules";
import { readLinkLabel } from "../../../service/src/auth/link-labels.ts";
import {
  deskLinkEnd,
  SHORT_DESK_LINK_MS,
  shortDeskLinkWarning,
  spanWords,
} from "../../src/lib/links/desk-link-end.ts";
import { labelCount } from "../../src/lib/links/label-limit.ts";
import { dayLabel, manilaDate } from "../../src/lib/manila-time.ts";

describe("a link label against its limit, as typed (issue 37 row 10)", () => {
  test("the count grows with the text and says the limit; over it, by how much", () => {
    assert.deepEqual(labelCount(""), { length: 0, over: false, words: `0 of ${LINK_LABEL_MAX} characters.` });
    assert.deepEqual(labelCount("Front desk"), { length: 10, over: false, words: "10 of 40 characters." });
    assert.equal(labelCount("x".repeat(40)).over, false);
    assert.deepEqual(labelCount("x".repeat(43)), {
      length: 43,
      over: true,
      words: "43 characters: at most 40. Remove 3.",
    });
  });

  test("the form refuses exactly what the route refuses: code points after normalising", () => {
    const texts = [
      "x".repeat(40),
      "x".repeat(41),
      `  ${"y".repeat(40)}  `, // ends trimmed: 40
      `${"a ".repeat(20)}b`, // 41
      "a\t\t\tb".repeat(8), // whitespace runs made one space
      "😀".repeat(40), // 40 code points, 80 UTF-16 units: a maxLength of 40 would have cut it
      "😀".repeat(41),
      `Zoë\u200B${"z".repeat(37)}`, // the zero-width space is removed: 40
    ];
    for (const text of texts) {
      const refusedByRoute = (() => {
        try {
          readLinkLabel(text, "issuedTo");
          return false;
        } catch {
          return true;
        }
      })();
      assert.equal(labelCount(text).over, refusedByRoute, JSON.stringify(text));
    }
  });
});

describe("a desk link's end on its card (issue 37 row 12)", () => {
  const saturday = "2026-11-28";
  const expiresAt = deskLinkExpiry(saturday);
  const midnight = expiresAt + 1;

  test("issued at 23:10 on its day: until 00:00 tonight, 50 minutes, with a warning", () => {
    const at2310 = Date.parse("2026-11-28T23:10:00+08:00");
    const end = deskLinkEnd(expiresAt, at2310);
    assert.equal(end.words, "until 00:00 tonight: 50 minutes");
    assert.equal(end.short, true);
    assert.match(
      shortDeskLinkWarning(end) ?? "",
      /^Under two hours left: this link stops at 00:00 tonight, in 50 minutes\./,
    );
  });

  test("at every hour of a week around its day: the words, the time left and the warning follow the clock", () => {
    const start = Date.parse("2026-11-25T00:00:00+08:00");
    for (let now = start; now < start + 7 * 24 * 3_600_000; now += 3_600_000) {
      const end = deskLinkEnd(expiresAt, now);
      const left = midnight - now;
      assert.equal(end.over, left <= 0, new Date(now).toISOString());
      if (end.over) {
        assert.equal(shortDeskLinkWarning(end), undefined);
        continue;
      }
      assert.equal(end.short, left < SHORT_DESK_LINK_MS, new Date(now).toISOString());
      assert.equal(shortDeskLinkWarning(end) !== undefined, end.short);
      const when =
        manilaDate(now) === saturday ? "00:00 tonight" : `00:00 at the end of ${dayLabel(saturday)}`;
      assert.equal(end.words, `until ${when}: ${spanWords(left)}`);
    }
  });

  test("the time left in words, rounded down to the minute", () => {
    assert.equal(spanWords(59_999), "0 minutes");
    assert.equal(spanWords(60_000), "1 minute");
    assert.equal(spanWords(50 * 60_000), "50 minutes");
    assert.equal(spanWords(60 * 60_000), "1 hour");
    assert.equal(spanWords(119 * 60_000), "1 hour 59 minutes");
    assert.equal(spanWords(26 * 60 * 60_000 + 5 * 60_000), "1 day 2 hours");
    assert.equal(spanWords(48 * 60 * 60_000), "2 days");
  });
});
