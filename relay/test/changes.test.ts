import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { applyChanges, ChangesMismatch, diffSnapshot } from "../src/changes/index.ts";
import { applyLines, diffLines, type LineSplice } from "../src/changes/line-patch.ts";

const HEADER = "matchNumber,time,court,team1,team2,team1Score,team2Score";

function facility(name: string, rows: number, scored: Record<number, [number, number]> = {}) {
  const lines = [HEADER];
  for (let n = 1; n <= rows; n++) {
    const [a, b] = scored[n] ?? ["", ""];
    lines.push(`${n},09:00,Court ${(n % 4) + 1},"Player ${n}, Jr.",Player ${n + 100},${a},${b}`);
  }
  return {
    name,
    status: "ok",
    fetchedAt: "2026-11-21T01:00:00.000Z",
    matchesCsv: `${lines.join("\n")}\n`,
    standingsCsv: "Team Code,Points\nMS_1,3\n",
  };
}

function day(facilities: ReturnType<typeof facility>[], generatedAt = "2026-11-21T01:00:01.000Z") {
  return {
    event: "open-2026",
    day: "open-sat",
    isLive: true,
    generatedAt,
    facilities,
    matchesCsv: facilities.map((f) => f.matchesCsv).join(""),
  };
}

describe("line splices", () => {
  it("send only the runs of lines that changed when the line count is the same", () => {
    assert.deepEqual(diffLines("h\na\nb\nc\nd\n", "h\na\nB\nc\nD\n"), [
      [2, 1, "B"],
      [4, 1, "D"],
    ]);
  });

  it("replace the middle once when lines were added or removed", () => {
    assert.deepEqual(diffLines("h\na\nb\n", "h\na\nx\ny\nb\n"), [[2, 0, "x", "y"]]);
    assert.deepEqual(diffLines("h\na\nb\n", "h\nb\n"), [[1, 1]]);
  });

  it("round-trip any text exactly, line breaks inside quoted cells included", () => {
    const text = fc.array(fc.constantFrom("a", "b", "", '"x\ny"', "c,d"), { maxLength: 12 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const before = a.join("\n");
        const after = b.join("\n");
        assert.equal(applyLines(before, diffLines(before, after)), after);
      }),
    );
  });

  it("apply any ascending, non-overlapping splices as splitting, splicing and joining the lines would", () => {
    const bySplitting = (text: string, splices: LineSplice[]) => {
      const lines = text.split("\n");
      for (const [at, remove, ...insert] of [...splices].reverse()) lines.splice(at, remove, ...insert);
      return lines.join("\n");
    };
    const lines = fc.array(fc.constantFrom("a", "b", "", "c,d"), { maxLength: 10 });
    const raw = fc.array(
      fc.tuple(fc.nat(3), fc.nat(2), fc.array(fc.constantFrom("x", "", "y"), { maxLength: 3 })),
      {
        maxLength: 4,
      },
    );
    fc.assert(
      fc.property(lines, raw, (text, wanted) => {
        const before = text.join("\n");
        const count = before.split("\n").length;
        const splices: LineSplice[] = [];
        let next = 0;
        for (const [gap, remove, insert] of wanted) {
          if (next + gap + remove > count) break;
          splices.push([next + gap, remove, ...insert]);
          next += gap + remove;
        }
        assert.equal(applyLines(before, splices), bySplitting(before, splices));
      }),
    );
  });

  it("refuse splices that do not fit the text", () => {
    assert.throws(() => applyLines("a\nb", [[1, 5, "x"]]), ChangesMismatch);
    assert.throws(() => applyLines("a\nb", [[-1, 0]]), ChangesMismatch);
    assert.throws(
      () =>
        applyLines("a\nb\nc", [
          [1, 1, "x"],
          [0, 2],
        ]),
      ChangesMismatch,
    );
  });
});

describe("snapshot changes", () => {
  it("one score change sends its row of the facility and of the merged matchesCsv, not the facility", () => {
    const before = day([facility("Hall 1", 300), facility("Hall 2", 300)]);
    const after = day(
      [
        facility("Hall 1", 300),
        { ...facility("Hall 2", 300, { 17: [21, 17] }), fetchedAt: "2026-11-21T01:05:00.000Z" },
      ],
      "2026-11-21T01:05:01.000Z",
    );
    const changes = diffSnapshot(before, after);
    assert.deepEqual(changes, {
      set: { generatedAt: "2026-11-21T01:05:01.000Z" },
      lines: { matchesCsv: [[318, 1, '17,09:00,Court 2,"Player 17, Jr.",Player 117,21,17']] },
      facilities: {
        changed: [
          {
            name: "Hall 2",
            set: { fetchedAt: "2026-11-21T01:05:00.000Z" },
            lines: { matchesCsv: [[17, 1, '17,09:00,Court 2,"Player 17, Jr.",Player 117,21,17']] },
          },
        ],
      },
    });
    assert.deepEqual(applyChanges(before, changes!), after);
    assert.ok(JSON.stringify(changes).length < 500);
  });

  it("carry facilities that were added, removed or reordered, and members that appeared or went", () => {
    const stale = { ...facility("Hall 1", 2), status: "stale", error: "quota" };
    const before = day([stale, facility("Hall 2", 2)]);
    const after = day([facility("Annex", 1), facility("Hall 1", 2)]);
    const changes = diffSnapshot(before, after)!;
    assert.deepEqual(changes.facilities?.names, ["Annex", "Hall 1"]);
    assert.deepEqual(changes.facilities?.changed?.find((f) => f.name === "Hall 1")?.unset, ["error"]);
    assert.deepEqual(applyChanges(before, changes), after);
  });

  it("apply(diff(a, b)) is b for any two day snapshots", () => {
    const facilityArb = fc.record({
      name: fc.constantFrom("Hall 1", "Hall 2", "Annex", "__proto__"),
      status: fc.constantFrom("ok", "stale", "skipped"),
      matchesCsv: fc
        .array(fc.constantFrom("1,a,21,19", "2,b,,", "3,c,5,21", ""), { maxLength: 6 })
        .map((rows) => rows.join("\n")),
      error: fc.option(fc.string(), { nil: undefined }),
    });
    const dayArb = fc.record({
      generatedAt: fc.constantFrom("t1", "t2"),
      isLive: fc.constantFrom(true, false, "auto", null),
      facilities: fc.uniqueArray(facilityArb, { selector: (f) => f.name, maxLength: 4 }),
      matchesCsv: fc.constantFrom("h\n1\n2", "h\n1\n3", "h"),
    });
    const clean = (value: unknown) => JSON.parse(JSON.stringify(value));
    fc.assert(
      fc.property(dayArb, dayArb, (a, b) => {
        const [before, after] = [clean(a), clean(b)];
        const changes = diffSnapshot(before, after)!;
        assert.deepEqual(applyChanges(before, JSON.parse(JSON.stringify(changes))), after);
      }),
    );
  });

  it("a member named __proto__ stays a plain member", () => {
    const before = JSON.parse('{"facilities":[],"a":1}');
    const after = JSON.parse('{"facilities":[],"a":1,"__proto__":{"polluted":true}}');
    const next = applyChanges(before, JSON.parse(JSON.stringify(diffSnapshot(before, after))));
    assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
    assert.deepEqual(Object.getPrototypeOf(next), Object.prototype);
    assert.equal(JSON.stringify(next), JSON.stringify(after));
  });

  it("is undefined when either side is not a day snapshot, so the whole snapshot is sent", () => {
    assert.equal(diffSnapshot({ facilities: [] }, { facilities: "none" }), undefined);
    assert.equal(diffSnapshot(null, day([])), undefined);
    assert.equal(diffSnapshot(day([facility("A", 1), facility("A", 1)]), day([])), undefined);
  });

  it("changes made from another snapshot are refused, never applied half", () => {
    const changes = diffSnapshot(day([facility("Hall 1", 3)]), day([facility("Hall 1", 3, { 3: [21, 3] })]))!;
    assert.throws(() => applyChanges(day([facility("Hall 1", 1)]), changes), ChangesMismatch);
    assert.throws(() => applyChanges(day([]), changes), ChangesMismatch);
  });
});
