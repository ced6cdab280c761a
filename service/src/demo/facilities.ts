// The demo tournament's facility draws, one builder per event type (standard, dual meet, team cup).
import {
  type DrawCategory,
  type FacilityDraw,
  groupStage,
  type Pairing,
  type Side,
  schedule,
} from "./draw.ts";
import { MEN, pick, REFEREES, WOMEN } from "./people.ts";

const COURTS = ["Court 1", "Court 2", "Court 3", "Court 4"];
const pairsOf = (names: string[]) =>
  names.flatMap((name, i) => (i % 2 === 0 ? [[name, names[i + 1] as string]] : []));

/** A standard-event category: codes `<CATEGORY>_<n>` (`MSU15_3`), singles or doubles. */
export function standard(label: string, entries: string[][]): DrawCategory {
  const prefix = label.replace(/\s+/g, "").toUpperCase();
  return { label, sides: entries.map((players, i) => ({ code: `${prefix}_${i + 1}`, players })) };
}

export const singles = (pool: readonly string[], offset: number) =>
  pick(pool, 4, offset).map((name) => [name]);
export const doubles = (pool: readonly string[], offset: number) => pairsOf(pick(pool, 8, offset));
export const mixed = (offset: number) =>
  pick(MEN, 4, offset).map((man, i) => [man, WOMEN[(offset + i) % WOMEN.length] as string]);

export function standardFacility(
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
export function dualFacility(
  facility: string,
  sheetId: string,
  date: string,
  plan: Array<[string, number]>,
  firstMatch: number,
  /** `HH:mm` of the first match. */
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
export const PAIRS = { "1": "MD", "2": "WD", "3": "XD 1", "4": "XD 2" } as const;
export const CUP_TEAMS = ["ACES", "SMASH", "RALLY", "DRIVE"] as const;

function teamSides(team: string, t: number): Side[] {
  return [
    { code: `${team}_1`, players: pick(MEN, 2, t * 4) },
    { code: `${team}_2`, players: pick(WOMEN, 2, t * 4) },
    { code: `${team}_3`, players: [MEN[t * 4 + 2] as string, WOMEN[t * 4 + 2] as string] },
    { code: `${team}_4`, players: [MEN[t * 4 + 3] as string, WOMEN[t * 4 + 3] as string] },
  ];
}

/** One tie per team pair: pair n of one team against pair n of the other. */
export function teamFacility(
  facility: string,
  sheetId: string,
  date: string,
  ties: Array<[number, number]>,
  firstMatch: number,
  /** `HH:mm` of the first match. */
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
