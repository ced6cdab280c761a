import type { Registry } from "../registry/types.ts";
import type { Weekend } from "./calendar.ts";
import {
  type DrawCategory,
  type FacilityDraw,
  groupStage,
  type Pairing,
  type Side,
  schedule,
} from "./draw.ts";
import { MEN, pick, REFEREES, WOMEN } from "./people.ts";

/** The demo tournament: its registry and every facility workbook's draw. */
export interface DemoTournament {
  registry: Registry;
  facilities: FacilityDraw[];
}

const COURTS = ["Court 1", "Court 2", "Court 3", "Court 4"];
const pairsOf = (names: string[]) =>
  names.flatMap((name, i) => (i % 2 === 0 ? [[name, names[i + 1] as string]] : []));

/** A standard-event category: codes `<CATEGORY>_<n>` (`MSU15_3`), singles or doubles. */
function standard(label: string, entries: string[][]): DrawCategory {
  const prefix = label.replace(/\s+/g, "").toUpperCase();
  return { label, sides: entries.map((players, i) => ({ code: `${prefix}_${i + 1}`, players })) };
}

const singles = (pool: readonly string[], offset: number) => pick(pool, 4, offset).map((name) => [name]);
const doubles = (pool: readonly string[], offset: number) => pairsOf(pick(pool, 8, offset));
const mixed = (offset: number) =>
  pick(MEN, 4, offset).map((man, i) => [man, WOMEN[(offset + i) % WOMEN.length] as string]);

function standardFacility(
  facility: string,
  sheetId: string,
  date: string,
  categories: DrawCategory[],
  firstMatch: number,
  played: number,
): FacilityDraw {
  const matches = schedule(groupStage(categories), {
    courts: COURTS,
    firstMatch,
    start: "09:00",
    slotMinutes: 30,
    played,
    referees: REFEREES,
  });
  return { eventType: "standard", facility, sheetId, date, categories, matches };
}

/** Dual meet: Red against Blue, codes `<TEAM>_<CATEGORY>_<n>` (`RED_MD_1`), pair n against pair n. */
function dualFacility(
  facility: string,
  sheetId: string,
  date: string,
  plan: Array<[string, number]>,
  firstMatch: number,
  start: string,
): FacilityDraw {
  const categories: DrawCategory[] = [];
  const pairings: Pairing[] = [];
  plan.forEach(([category, count], c) => {
    const doublesCategory = category.endsWith("D");
    const entry = (team: number, n: number): string[] => {
      const at = c * 4 + team * 8 + n * 2;
      if (category === "XD") return [MEN[at % MEN.length] as string, WOMEN[at % WOMEN.length] as string];
      const pool = category.startsWith("M") ? MEN : WOMEN;
      return doublesCategory ? pick(pool, 2, at) : pick(pool, 1, at);
    };
    const red: Side[] = [];
    const blue: Side[] = [];
    for (let n = 0; n < count; n++) {
      red.push({ code: `RED_${category}_${n + 1}`, players: entry(0, n) });
      blue.push({ code: `BLUE_${category}_${n + 1}`, players: entry(1, n) });
    }
    categories.push({ label: category, sides: [...red, ...blue] });
    for (const [n, side1] of red.entries())
      pairings.push({ category, round: "Dual meet", side1, side2: blue[n] as Side });
  });
  const matches = schedule(pairings, {
    courts: COURTS.slice(0, 3),
    firstMatch,
    start,
    slotMinutes: 40,
    played: 0,
    referees: REFEREES,
  });
  return { eventType: "dual-meet", facility, sheetId, date, categories, matches };
}

/** The team cup's pairs: number 1 to 4 of every team code `<TEAM>_<n>` (`ACES_3`). */
const PAIRS = { "1": "MD", "2": "WD", "3": "XD 1", "4": "XD 2" } as const;
const CUP_TEAMS = ["ACES", "SMASH", "RALLY", "DRIVE"] as const;

function teamSides(team: string, t: number): Side[] {
  return [
    { code: `${team}_1`, players: pick(MEN, 2, t * 4) },
    { code: `${team}_2`, players: pick(WOMEN, 2, t * 4) },
    { code: `${team}_3`, players: [MEN[t * 4 + 2] as string, WOMEN[t * 4 + 2] as string] },
    { code: `${team}_4`, players: [MEN[t * 4 + 3] as string, WOMEN[t * 4 + 3] as string] },
  ];
}

/** One tie per team pair: pair n of one team against pair n of the other. */
function teamFacility(
  facility: string,
  sheetId: string,
  date: string,
  ties: Array<[number, number]>,
  firstMatch: number,
  start: string,
): FacilityDraw {
  const sides = CUP_TEAMS.map((team, t) => teamSides(team, t));
  const playing = [...new Set(ties.flat())];
  const categories: DrawCategory[] = playing.map((t) => ({
    label: CUP_TEAMS[t] as string,
    sides: sides[t] as Side[],
  }));
  const pairings: Pairing[] = ties.flatMap(([a, b]) =>
    (sides[a] as Side[]).map((side1, n) => ({
      category: PAIRS[String(n + 1) as keyof typeof PAIRS],
      round: `${CUP_TEAMS[a]} v ${CUP_TEAMS[b]}`,
      side1,
      side2: (sides[b] as Side[])[n] as Side,
    })),
  );
  const matches = schedule(pairings, {
    courts: COURTS,
    firstMatch,
    start,
    slotMinutes: 35,
    played: 0,
    referees: REFEREES,
  });
  return { eventType: "team", facility, sheetId, date, categories, matches };
}

/**
 * The demo tournament on a given weekend: a standard open (desk links, scorer links), a dual meet
 * (console attendance and score entry) and a team cup, several facilities per day. Only the
 * Saturday's first round of the open has results. No player is due in two places at once (the
 * console's clash warnings start clean), so the halls of a day that share players start apart.
 * @example const { registry, facilities } = demoTournament(comingWeekend(Date.now()));
 */
export function demoTournament({ saturday, sunday }: Weekend): DemoTournament {
  const facilities: FacilityDraw[] = [
    standardFacility(
      "Rizal Hall",
      "open-sat-rizal-hall",
      saturday,
      [standard("MS U15", singles(MEN, 0)), standard("WS U15", singles(WOMEN, 0))],
      101,
      4,
    ),
    standardFacility(
      "Annex Court",
      "open-sat-annex-court",
      saturday,
      [standard("MD U19", doubles(MEN, 4)), standard("WD Open", doubles(WOMEN, 4))],
      201,
      4,
    ),
    standardFacility(
      "Rizal Hall",
      "open-sun-rizal-hall",
      sunday,
      [standard("XD Open", mixed(8)), standard("MS Open", singles(MEN, 12))],
      301,
      0,
    ),
    standardFacility(
      "Annex Court",
      "open-sun-annex-court",
      sunday,
      [standard("WS Open", singles(WOMEN, 12)), standard("MD Open", doubles(MEN, 0))],
      401,
      0,
    ),
    dualFacility(
      "Court Hall A",
      "dual-sat-court-hall-a",
      saturday,
      [
        ["MS", 2],
        ["WS", 2],
        ["MD", 1],
      ],
      1,
      "13:00",
    ),
    dualFacility(
      "Court Hall B",
      "dual-sat-court-hall-b",
      saturday,
      [
        ["WD", 1],
        ["XD", 2],
      ],
      11,
      "15:00",
    ),
    teamFacility(
      "Main Hall",
      "cup-sun-main-hall",
      sunday,
      [
        [0, 1],
        [2, 3],
      ],
      1,
      "10:00",
    ),
    teamFacility(
      "Side Hall",
      "cup-sun-side-hall",
      sunday,
      [
        [0, 2],
        [1, 3],
      ],
      21,
      "13:00",
    ),
  ];
  const facility = (sheetId: string) => ({
    name: facilities.find((f) => f.sheetId === sheetId)!.facility,
    sheetId,
  });
  const registry: Registry = {
    version: 1,
    defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
    events: {
      "junior-open": {
        type: "standard",
        title: "Manila Junior & Open Badminton Championships",
        attendance: "desks",
        scoreEntry: "links",
        days: {
          "open-sat": {
            label: "Saturday · Group stage",
            date: saturday,
            isLive: "auto",
            facilities: [
              facility("open-sat-rizal-hall"),
              facility("open-sat-annex-court"),
              { name: "Overflow Gym", sheetId: "" },
            ],
          },
          "open-sun": {
            label: "Sunday · Group stage",
            date: sunday,
            isLive: false,
            facilities: [facility("open-sun-rizal-hall"), facility("open-sun-annex-court")],
          },
        },
        display: {
          divisions: { U15: "Under 15", U19: "Under 19", OPEN: "Open" },
          events: {
            MS: "Men's singles",
            WS: "Women's singles",
            MD: "Men's doubles",
            WD: "Women's doubles",
            XD: "Mixed doubles",
          },
        },
      },
      "red-blue-dual": {
        type: "dual-meet",
        title: "Red v Blue Dual Meet",
        attendance: "console",
        scoreEntry: "console",
        days: {
          "dual-sat": {
            label: "Saturday afternoon",
            date: saturday,
            facilities: [facility("dual-sat-court-hall-a"), facility("dual-sat-court-hall-b")],
          },
        },
        display: { clubs: { RED: "Red Smashers", BLUE: "Blue Drop Shots" } },
      },
      "club-cup": {
        type: "team",
        title: "Inter-Club Team Cup",
        attendance: "console",
        teamScoring: "points",
        days: {
          "cup-sun": {
            label: "Sunday · Ties",
            date: sunday,
            facilities: [facility("cup-sun-main-hall"), facility("cup-sun-side-hall")],
          },
        },
        display: {
          pairs: Object.fromEntries(
            Object.entries(PAIRS).map(([n, short]) => [
              n,
              {
                full: short
                  .replace("MD", "Men's doubles")
                  .replace("WD", "Women's doubles")
                  .replace("XD", "Mixed doubles"),
                short,
              },
            ]),
          ),
          teamColors: { ACES: "#C0392B", SMASH: "#2E86C1", RALLY: "#27AE60", DRIVE: "#F39C12" },
        },
      },
    },
  };
  return { registry, facilities };
}
