import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { writerLabel } from "../../src/auth/link-labels.ts";
import { parseAttendance } from "../../src/features/attendance/attendance-tab.ts";
import { chooseMarkedByColumn } from "../../src/features/attendance/marked-by.ts";
import { personKey } from "../../src/features/attendance/person-key.ts";
import { buildRoster } from "../../src/features/attendance/roster.ts";
import { AppError } from "../../src/shared/errors.ts";
import { HEADER } from "./harness.ts";

describe("the person key: accents stripped, whitespace collapsed, lower-cased", () => {
  test("examples", () => {
    assert.equal(personKey("  José   DELA\tCruz "), "jose dela cruz");
    assert.equal(personKey("Ñoño Müller"), "nono muller");
    assert.equal(personKey("ＡＢＣ"), "abc"); // NFKD folds full-width letters
    assert.equal(personKey("   "), "");
  });
  test("idempotent, and blind to case, accents and spacing", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const key = personKey(name);
        assert.equal(personKey(key), key);
        assert.equal(personKey(` ${name.toUpperCase()}  `), personKey(name.toUpperCase()));
        assert.doesNotMatch(key, /\s\s|^\s|\s$|\p{M}/u);
      }),
    );
  });
});

describe("the markedBy column choice", () => {
  const header = (...extra: string[]) => [[...HEADER, ...extra]];
  test("(1) a column headed markedBy in H–Z wins, J excepted", () => {
    assert.deepEqual(chooseMarkedByColumn(header("a", "b", "c", "markedBy")), { column: 10, claim: false });
    assert.deepEqual(chooseMarkedByColumn(header("", "", "markedBy")), { column: 7, claim: true });
  });
  test("(2) the first blank column of H, I, K–Z, header and data rows, is claimed", () => {
    assert.deepEqual(
      chooseMarkedByColumn([
        [...HEADER, "notes"],
        ["k", "", "", "", "", "", "", "", "busy"],
      ]),
      {
        column: 9 + 1,
        claim: true,
      },
    );
  });
  test("(3) none free → none", () => {
    assert.equal(
      chooseMarkedByColumn(header(...Array.from({ length: 19 }, (_, i) => (i === 2 ? "" : "x")))),
      undefined,
    );
  });
  test("labels", () => {
    const day = "open-sat";
    /** The link a label belongs to (its id and expiry play no part in the label). */
    const LINK = { linkId: "test-link", expiresAt: 0 };
    assert.equal(writerLabel({ kind: "desk", ...LINK, day, issuedTo: "Gate 2", note: "AM" }), "Gate 2 (AM)");
    assert.equal(writerLabel({ kind: "desk", ...LINK, day, issuedTo: "Gate 2" }), "Gate 2");
    assert.equal(writerLabel({ kind: "desk", ...LINK, day, note: "AM" }), "Desk link (AM)");
    assert.equal(writerLabel({ kind: "desk", ...LINK, day }), "Desk link");
    assert.equal(writerLabel({ kind: "operator", sessionId: "s", expiresAt: 0 }), "Operator console");
  });
});

describe("the ATTENDANCE tab", () => {
  test("present and withdrawn are true only for the text TRUE; shirt from the first matching header", () => {
    const sheet = parseAttendance([
      [...HEADER, "shirtSize", "TShirt Size"],
      ["a", "", "", "", "true", "", "TRUE ", "S", "XL"],
    ]);
    assert.deepEqual(sheet?.people[0]?.person, {
      key: "a",
      player: "a",
      teams: [],
      categories: [],
      present: false,
      timeIn: "",
      withdrawn: false,
      shirt: "XL",
    });
    assert.throws(
      () => parseAttendance([HEADER.slice(0, 6)]),
      (e: unknown) => e instanceof AppError && e.code === "attendance_layout",
    );
  });
});

describe("roster rules", () => {
  test("standard: code ^[A-Z0-9]+_\\d+$, category before the first _, A / B is two players, same name twice in a category warns", () => {
    const roster = buildRoster("standard", [
      ["Team Code", "Player"],
      ["MS_1", "Ana Cruz"],
      ["MD_2", "Ana Cruz / Ben Lim"],
      ["MS_3", "ANA CRUZ"],
      ["ms_4", "Lower Case"],
      ["MD_X", "Not A Code"],
      ["XD_5", "BYE"],
      ["XD_6", "Seed 2"],
    ]);
    assert.deepEqual(roster.people, [
      { key: "ana cruz", player: "Ana Cruz", teams: ["MS_1", "MD_2"], categories: ["MS", "MD"] },
      { key: "ben lim", player: "Ben Lim", teams: ["MD_2"], categories: ["MD"] },
    ]);
    assert.equal(roster.warnings.length, 1);
  });
  test("a roster tab without its columns, or missing, is empty", () => {
    assert.deepEqual(buildRoster("standard", undefined).people, []);
    assert.deepEqual(
      buildRoster("team", [
        ["Team Code", "Name"],
        ["A", "B"],
      ]).people,
      [],
    );
    assert.deepEqual(
      buildRoster("team", [
        ["Team Code", "Player", "FINAL LEVEL ORDER"],
        ["A", "Pia", "Other"],
      ]).people[0]?.player,
      "Pia",
    );
  });
});
