import type { Registry } from "../registry/types.ts";
import type { Weekend } from "./calendar.ts";
import type { FacilityDraw } from "./draw.ts";
import {
  doubles,
  dualFacility,
  mixed,
  PAIRS,
  singles,
  standard,
  standardFacility,
  teamFacility,
} from "./facilities.ts";
import { knockoutFacility } from "./knockout.ts";
import { MEN, pick, WOMEN } from "./people.ts";

/** The words for the category codes both the open and the dual meet use. */
const CATEGORY_LABELS = {
  MS: "Men's singles",
  WS: "Women's singles",
  MD: "Men's doubles",
  WD: "Women's doubles",
  XD: "Mixed doubles",
};

/** The demo tournament: its registry and every facility workbook's draw. */
export interface DemoTournament {
  registry: Registry;
  facilities: FacilityDraw[];
}

/**
 * The demo tournament on a given weekend: a standard open (desk links, scorer links) with a
 * knockout afternoon on the Sunday, a dual meet (console attendance and score entry) and a team
 * cup (console attendance, scorer links), several facilities per day; each event with the
 * settings and labels a real one has. Only the Saturday's first round of the open and the men's
 * quarter-finals of the knockouts have results; the knockouts are live (`isLive: true`), so the
 * public page shows their draw as soon as they are synced. No player is due in two places at once (the
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
    knockoutFacility(
      "Rizal Hall",
      "open-ko-rizal-hall",
      sunday,
      [
        standard(
          "MS U19",
          pick(MEN, 8, 8).map((name) => [name]),
        ),
        standard(
          "WS U19",
          pick(WOMEN, 8, 8).map((name) => [name]),
        ),
      ],
      { firstMatch: 501, start: "13:00", played: 4 },
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
        // One game to 21 by two, capped at 30 (the BWF's game), 20 minutes' rest between matches.
        scoring: { pointsToWin: 21, winByTwo: true, cap: 30, bestOf: 1 },
        restMinutes: 20,
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
          "open-ko": {
            label: "Sunday · Knockouts",
            date: sunday,
            isLive: true,
            facilities: [facility("open-ko-rizal-hall")],
          },
        },
        display: {
          divisions: { U15: "Under 15", U19: "Under 19", OPEN: "Open" },
          events: CATEGORY_LABELS,
        },
      },
      "red-blue-dual": {
        type: "dual-meet",
        title: "Red v Blue Dual Meet",
        attendance: "console",
        scoreEntry: "console",
        // An afternoon's dual meet plays its matches close together.
        scoring: { pointsToWin: 21, winByTwo: true, cap: 30 },
        restMinutes: 15,
        days: {
          "dual-sat": {
            label: "Saturday afternoon",
            date: saturday,
            facilities: [facility("dual-sat-court-hall-a"), facility("dual-sat-court-hall-b")],
          },
        },
        display: { clubs: { RED: "Red Smashers", BLUE: "Blue Drop Shots" }, events: CATEGORY_LABELS },
      },
      "club-cup": {
        type: "team",
        title: "Inter-Club Team Cup",
        attendance: "console",
        // Umpires score the ties from the scoresheets' QR codes, as the open's do.
        scoreEntry: "links",
        teamScoring: "points",
        // A tie's pairs rotate quickly; its points are added up, so every game is played out.
        scoring: { pointsToWin: 21, winByTwo: true, cap: 30 },
        restMinutes: 10,
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
          clubs: { ACES: "Aces BC", SMASH: "Smash Club", RALLY: "Rally Point", DRIVE: "Drive Shuttlers" },
          teamColors: { ACES: "#C0392B", SMASH: "#2E86C1", RALLY: "#27AE60", DRIVE: "#F39C12" },
        },
      },
    },
  };
  return { registry, facilities };
}
