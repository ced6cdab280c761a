import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { createXlsxWorkbooks } from "../adapters/xlsx-workbooks/index.ts";
import { buildRoster } from "../features/attendance/roster.ts";
import { finalScoreProblem, gameRules } from "../registry/scoring.ts";
import { validateRegistry } from "../registry/validate.ts";
import { comingWeekend, createDemoTournament, demoTournament, weekendAhead, weekendOf } from "./index.ts";

const WEEKEND = { saturday: "2026-11-21", sunday: "2026-11-22" };

describe("demo tournament", () => {
  test("comingWeekend: this weekend while it lasts in Asia/Manila, else the next", () => {
    assert.deepEqual(comingWeekend(Date.parse("2026-11-18T02:00:00Z")), WEEKEND); // Wednesday
    assert.deepEqual(comingWeekend(Date.parse("2026-11-21T02:00:00Z")), WEEKEND); // Saturday
    assert.deepEqual(comingWeekend(Date.parse("2026-11-21T23:00:00Z")), WEEKEND); // Sunday 07:00 Manila
    assert.deepEqual(comingWeekend(Date.parse("2026-11-22T17:00:00Z")), {
      saturday: "2026-11-28",
      sunday: "2026-11-29",
    });
  });

  test("weekendAhead: at every hour of a week, a weekend that starts a whole day or more later in Manila, and at most 8 days", () => {
    const monday = Date.parse("2026-11-23T00:00:00+08:00");
    for (let hour = 0; hour < 7 * 24; hour++) {
      const now = monday + hour * 3_600_000;
      const { saturday, sunday } = weekendAhead(now);
      const starts = Date.parse(`${saturday}T00:00:00+08:00`);
      assert.equal(new Date(`${saturday}T00:00:00Z`).getUTCDay(), 6, `hour ${hour}`);
      assert.equal(sunday, new Date(starts + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10));
      assert.ok(starts - now >= 86_400_000, `hour ${hour}: starts ${starts - now} ms later`);
      assert.ok(starts - now <= 8 * 86_400_000, `hour ${hour}: starts ${starts - now} ms later`);
    }
    // Saturday 23:30, Sunday 00:30 and Monday 05:59 in Manila.
    assert.equal(weekendAhead(Date.parse("2026-11-28T23:30:00+08:00")).saturday, "2026-12-05");
    assert.equal(weekendAhead(Date.parse("2026-11-29T00:30:00+08:00")).saturday, "2026-12-05");
    assert.equal(weekendAhead(Date.parse("2026-11-30T05:59:00+08:00")).saturday, "2026-12-05");
  });

  test("weekendOf: the Saturday's weekend; anything but a Saturday written yyyy-MM-dd is refused", () => {
    assert.deepEqual(weekendOf("2026-12-26"), { saturday: "2026-12-26", sunday: "2026-12-27" });
    for (const bad of ["2026-12-27", "2026-02-30", "5 December", "2026-12-5", ""])
      assert.throws(() => weekendOf(bad), /is not a Saturday written yyyy-MM-dd/);
  });

  test("the registry passes every validation rule and has one event of each type", () => {
    const { registry } = demoTournament(WEEKEND);
    assert.deepEqual(validateRegistry(registry), []);
    const types = Object.values(registry.events)
      .map((event) => event.type)
      .sort();
    assert.deepEqual(types, ["dual-meet", "standard", "team"]);
  });

  test("every event names its scoring and rest, and every score the workbooks hold is possible under it", () => {
    const { registry, facilities } = demoTournament(WEEKEND);
    const eventOf = new Map<string, string>();
    for (const [key, event] of Object.entries(registry.events)) {
      assert.ok(event.scoring && event.restMinutes !== undefined, `${key} names its scoring and rest`);
      for (const day of Object.values(event.days))
        for (const facility of day.facilities) if (facility.sheetId) eventOf.set(facility.sheetId, key);
    }
    let scores = 0;
    for (const draw of facilities) {
      const rules = gameRules(registry.events[eventOf.get(draw.sheetId) ?? ""]?.scoring);
      for (const { score, matchNumber } of draw.matches) {
        if (!score) continue;
        scores++;
        assert.equal(
          finalScoreProblem(score[0], score[1], rules),
          undefined,
          `${draw.sheetId} ${matchNumber}`,
        );
      }
    }
    assert.ok(scores > 0);
  });

  test("each event has the settings a real one has: attendance, score entry, its title and the words for its codes", () => {
    const { registry } = demoTournament(WEEKEND);
    for (const [key, event] of Object.entries(registry.events)) {
      assert.ok(event.title, key);
      assert.ok(event.attendance, `${key}: attendance`);
      assert.ok(event.scoreEntry, `${key}: scoreEntry (without it, no score can be saved)`);
      const labels = event.type === "team" ? event.display?.pairs : event.display?.events;
      assert.ok(labels && Object.keys(labels).length > 0, `${key}: category or pair labels`);
      if (event.type !== "standard") assert.ok(event.display?.clubs, `${key}: team names`);
    }
  });

  test("the knockout day: two draws of eight, quarter-finals then seats for the winners, the men's quarter-finals played", () => {
    const draw = demoTournament(WEEKEND).facilities.find((f) => f.sheetId === "open-ko-rizal-hall");
    assert.ok(draw);
    const rounds = draw.matches.map((m) => `${m.category} ${m.round}`);
    assert.deepEqual(
      [...new Set(rounds)],
      [
        "MS U19 Quarter-final",
        "WS U19 Quarter-final",
        "MS U19 Semi-final",
        "WS U19 Semi-final",
        "MS U19 Final",
        "WS U19 Final",
      ],
    );
    const semi = draw.matches.find((m) => m.category === "WS U19" && m.round === "Semi-final");
    assert.deepEqual([semi?.side1.players, semi?.side2.players], [["Winner QF1"], ["Winner QF2"]]);
    assert.deepEqual(
      draw.matches.filter((m) => m.score).map((m) => `${m.category} ${m.round}`),
      Array(4).fill("MS U19 Quarter-final"),
    );
    assert.equal(demoTournament(WEEKEND).registry.events["junior-open"]?.days["open-ko"]?.isLive, true);
  });

  test("every roster row has a team code of its event's shape, and accented names fold into keys", () => {
    for (const draw of demoTournament(WEEKEND).facilities) {
      const rows = [
        ["Team Code", "Player"],
        ...draw.categories.flatMap((c) => c.sides.map((s) => [s.code, s.players.join(" / ")])),
      ];
      const shape = {
        standard: /^[A-Z0-9]+_\d+$/,
        "dual-meet": /^[A-Z0-9]+_[A-Z0-9]+_\d+$/,
        team: /^[A-Z0-9]+_\d+$/,
      }[draw.eventType];
      for (const [code] of rows.slice(1)) assert.match(code as string, shape, draw.sheetId);
      assert.ok(buildRoster(draw.eventType, rows).people.length >= 4, draw.sheetId);
    }
    const people = buildRoster("standard", [
      ["Team Code", "Player"],
      ["MSU15_1", "José Ñañez"],
    ]).people;
    assert.equal(people[0]?.key, "jose nanez");
  });

  test("the workbooks compute CSV and STANDINGSCSV from SCHEDULE in the local engine", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tops-demo-"));
    try {
      await createDemoTournament({
        dataDir: join(dir, "data"),
        workbooksDir: join(dir, "wb"),
        now: Date.parse("2026-11-18T02:00:00Z"),
      });
      const workbooks = createXlsxWorkbooks({ dir: join(dir, "wb") });
      const tabs = await workbooks.readTabs(
        "open-sat-rizal-hall",
        ["SCHEDULE", "CSV", "STANDINGSCSV", "ATTENDANCE"],
        "formatted",
      );
      const schedule = tabs.get("SCHEDULE")!;
      const csv = tabs.get("CSV")!;
      assert.deepEqual(
        csv.slice(0, 3).map((row) => row.slice(0, 13)),
        schedule.slice(0, 3).map((row) => row.slice(0, 13)),
      );
      assert.deepEqual(csv[1]?.slice(10, 12), ["22", "20"]);
      assert.deepEqual(tabs.get("STANDINGSCSV")![1], [
        "MSU15_1",
        "José Ñañez",
        "MS U15",
        "1",
        "1",
        "0",
        "22",
        "20",
      ]);
      assert.deepEqual(tabs.get("ATTENDANCE")![0]?.slice(0, 7), [
        "key",
        "player",
        "teams",
        "categories",
        "present",
        "timeIn",
        "withdrawn",
      ]);
      assert.equal(tabs.get("ATTENDANCE")![0]?.[9], "not yet in");
      const teams = await workbooks.readTabs("cup-sun-main-hall", ["Teams"], "formatted");
      assert.deepEqual(teams.get("Teams")![0], ["Team Code", "Team", "Pair", "Player"]);
      workbooks.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("existing data is never overwritten: a second run keeps an edited registry and workbook", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tops-demo-"));
    const options = { dataDir: join(dir, "data"), workbooksDir: join(dir, "wb"), now: Date.now() };
    try {
      const first = await createDemoTournament(options);
      assert.equal(first.registryCreated, true);
      assert.equal(first.workbooksCreated.length, 9);
      await writeFile(join(dir, "data/config/events.json"), "edited");
      await writeFile(join(dir, "wb/open-sat-rizal-hall.xlsx"), "edited");
      const second = await createDemoTournament(options);
      assert.deepEqual([second.registryCreated, second.workbooksCreated], [false, []]);
      assert.equal(await readFile(join(dir, "data/config/events.json"), "utf8"), "edited");
      assert.equal(await readFile(join(dir, "wb/open-sat-rizal-hall.xlsx"), "utf8"), "edited");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
