import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { sampleRegistry } from "../../test/support/registry-fixture.ts";
import { validateRegistry } from "./validate.ts";

// Tests edit the file freely, including into shapes the type does not allow.
type File = any;

/** Applies a change to a good file and returns the problems' paths and messages. */
function problemsAfter(change: (file: File) => void) {
  const file = sampleRegistry() as File;
  change(file);
  return validateRegistry(file).map((p) => `${p.path} ${p.message}`);
}

function assertRejected(change: (file: File) => void, path: string) {
  const problems = problemsAfter(change);
  assert.ok(
    problems.some((p) => p.startsWith(path)),
    `expected a problem at ${path}, got: ${problems.join(" | ") || "none"}`,
  );
}

describe("registry validation rules", () => {
  test("the sample file is valid, with _comment allowed anywhere", () => {
    assert.deepEqual(
      problemsAfter((f) => {
        f.events["open-2026"]._comment = "note";
        (f.events["open-2026"].days["open-sat"] as any)._comment = "note";
        (f.events["open-2026"].days["open-sat"].facilities[0] as any)._comment = "note";
      }),
      [],
    );
  });

  test("1. a file failing any rule is rejected wholesale: every problem is reported with its path", () => {
    const problems = problemsAfter((f) => {
      f.version = 2;
      (f.events["dual-2026"] as any).attendance = "always";
    });
    assert.equal(problems.length, 2);
  });

  test("2. version must match", () => assertRejected((f) => (f.version = 2), "$.version"));
  test("2. version is required", () => assertRejected((f) => delete (f as any).version, "$.version"));

  test("3. every event key matches ^[a-z0-9][a-z0-9-]*$ (refused, not sanitised)", () =>
    assertRejected((f) => {
      f.events["Open_2026"] = f.events["open-2026"];
      delete (f.events as any)["open-2026"];
    }, "$.events.Open_2026"));

  test("3. every day key matches ^[a-z0-9][a-z0-9-]*$", () =>
    assertRejected((f) => {
      (f.events["open-2026"].days as any)["-sat"] = f.events["open-2026"].days["open-sat"];
      delete (f.events["open-2026"].days as any)["open-sat"];
    }, "$.events.open-2026.days.-sat"));

  test("keys have at most 64 characters, as the relay takes them (65 is refused)", () => {
    const long = "d".repeat(65);
    assert.deepEqual(
      problemsAfter((f) => {
        (f.events["open-2026"].days as any)[long] = f.events["open-2026"].days["open-sat"];
        delete (f.events["open-2026"].days as any)["open-sat"];
      }),
      [`$.events.open-2026.days.${long} day key must have at most 64 characters`],
    );
    assert.deepEqual(
      problemsAfter((f) => {
        (f.events["open-2026"].days as any)["d".repeat(64)] = f.events["open-2026"].days["open-sat"];
        delete (f.events["open-2026"].days as any)["open-sat"];
      }),
      [],
    );
  });

  test("4. day keys are unique across all events", () =>
    assertRejected(
      (f) => ((f.events["dual-2026"].days as any)["open-sat"] = { label: "x", facilities: [] }),
      "$.events.dual-2026.days.open-sat",
    ));

  test("5. each day has a non-empty label", () =>
    assertRejected(
      (f) => (f.events["open-2026"].days["open-sat"].label = "  "),
      "$.events.open-2026.days.open-sat.label",
    ));

  test("5. each day has a facilities array", () =>
    assertRejected(
      (f) => delete (f.events["open-2026"].days["open-sat"] as any).facilities,
      "$.events.open-2026.days.open-sat.facilities",
    ));

  test("6. isLive, if present, is true, false or auto", () =>
    assertRejected(
      (f) => ((f.events["open-2026"].days["open-sat"] as any).isLive = "yes"),
      "$.events.open-2026.days.open-sat.isLive",
    ));

  test("7. attendance, if present, is console or desks", () =>
    assertRejected(
      (f) => ((f.events["open-2026"] as any).attendance = "kiosk"),
      "$.events.open-2026.attendance",
    ));

  test("7. scoreEntry, if present, is console or links", () =>
    assertRejected(
      (f) => ((f.events["open-2026"] as any).scoreEntry = "on"),
      "$.events.open-2026.scoreEntry",
    ));

  test("7. livePush, if present, is boolean", () =>
    assertRejected((f) => ((f as any).livePush = "false"), "$.livePush"));

  test("8. facility names are unique within a day (compared exactly)", () => {
    assertRejected(
      (f) => f.events["open-2026"].days["open-sat"].facilities.push({ name: "Hall A", sheetId: "x" }),
      "$.events.open-2026.days.open-sat.facilities[3].name",
    );
    assert.deepEqual(
      problemsAfter((f) =>
        f.events["open-2026"].days["open-sat"].facilities.push({ name: "hall a", sheetId: "x" }),
      ),
      [],
      "names differing in case are different facilities",
    );
  });

  test("9. there is at least one event", () => assertRejected((f) => ((f as any).events = {}), "$.events"));
  test("9. each event has at least one day", () =>
    assertRejected((f) => ((f.events["teams-2026"] as any).days = {}), "$.events.teams-2026.days"));

  test("defaults need both tab names", () =>
    assertRejected((f) => delete (f.defaults as any).standingsSheetName, "$.defaults.standingsSheetName"));

  test("event type is dual-meet, standard or team", () =>
    assertRejected((f) => ((f.events["open-2026"] as any).type = "league"), "$.events.open-2026.type"));

  test("a date is a real ISO date", () =>
    assertRejected(
      (f) => (f.events["open-2026"].days["open-sat"].date = "2026-02-30"),
      "$.events.open-2026.days.open-sat.date",
    ));

  test("an unknown member is named, so a typo is not silently ignored", () =>
    assertRejected(
      (f) => ((f.events["open-2026"] as any).scoreentry = "links"),
      "$.events.open-2026.scoreentry",
    ));

  test("display pairs need full and short labels", () =>
    assertRejected(
      (f) => ((f.events["teams-2026"] as any).display = { pairs: { "3": { full: "Mixed 1" } } }),
      "$.events.teams-2026.display.pairs.3.short",
    ));

  test("teamScoring other than points or games is not rejected (it reads as points)", () =>
    assert.deepEqual(
      problemsAfter((f) => ((f.events["teams-2026"] as any).teamScoring = "sets")),
      [],
    ));

  test("scoring (page-only, optional): every member given, or none, is valid", () => {
    assert.deepEqual(
      problemsAfter((f) => {
        f.events["open-2026"].scoring = { pointsToWin: 15, winByTwo: true, cap: 21, bestOf: 3 };
        f.events["open-2026"].restMinutes = 0;
        f.events["dual-2026"].scoring = {};
      }),
      [],
    );
  });

  test("scoring: points are whole numbers from 1 to 99, bestOf is 1, 3 or 5, and nothing else is a member", () => {
    assert.deepEqual(
      problemsAfter((f) => {
        f.events["open-2026"].scoring = { pointsToWin: 0, cap: 100, bestOf: 2, winByTwo: "yes", games: 3 };
      }).sort(),
      [
        "$.events.open-2026.scoring.bestOf must be one of 1, 3, 5",
        "$.events.open-2026.scoring.cap must be at most 99",
        "$.events.open-2026.scoring.games is not a registry field",
        "$.events.open-2026.scoring.pointsToWin must be at least 1",
        "$.events.open-2026.scoring.winByTwo must be a boolean",
      ],
    );
    assertRejected(
      (f) => (f.events["open-2026"].scoring = { pointsToWin: 20.5 }),
      "$.events.open-2026.scoring.pointsToWin",
    );
  });

  test("scoring: a by-two cap below the points to win is refused (the default cap 30 with 31 points too)", () => {
    assert.deepEqual(
      problemsAfter((f) => (f.events["open-2026"].scoring = { pointsToWin: 31 })),
      ["$.events.open-2026.scoring cap (30) must be at least pointsToWin (31)"],
    );
    assert.deepEqual(
      problemsAfter((f) => (f.events["open-2026"].scoring = { pointsToWin: 31, winByTwo: false })),
      [],
    );
  });

  test("restMinutes is a whole number of minutes from 0 to 240", () => {
    assertRejected((f) => (f.events["open-2026"].restMinutes = -1), "$.events.open-2026.restMinutes");
    assertRejected((f) => (f.events["open-2026"].restMinutes = 241), "$.events.open-2026.restMinutes");
    assertRejected((f) => (f.events["open-2026"].restMinutes = "20"), "$.events.open-2026.restMinutes");
  });
});
