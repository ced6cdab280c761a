import type { EventType } from "../registry/types.ts";

/** One side of a match: a team code of the event's shape and its players. */
export interface Side {
  code: string;
  players: string[];
}

/** One category's entries, for example `MS U15` with four singles players. */
export interface DrawCategory {
  /** As printed in the `category` column: `MS U15`, `WD Open`, `MD`. */
  label: string;
  sides: Side[];
}

/** One scheduled match of a facility. */
export interface DrawMatch {
  matchNumber: number;
  time: string;
  court: string;
  category: string;
  round: string;
  side1: Side;
  side2: Side;
  /** Filled for matches already played when the demo is made. */
  score?: [number, number];
  referee: string;
}

/** Everything one facility workbook holds. */
export interface FacilityDraw {
  eventType: EventType;
  facility: string;
  sheetId: string;
  /** ISO date of the day. */
  date: string;
  categories: DrawCategory[];
  matches: DrawMatch[];
}

/**
 * Round-robin pairings by the circle method: every side meets every other once, round by round.
 * @example roundRobin(["A", "B", "C", "D"]) // [[["A","D"],["B","C"]], [["A","C"],["D","B"]], [["A","B"],["C","D"]]]
 */
export function roundRobin<T>(sides: readonly T[]): Array<Array<[T, T]>> {
  const ring = [...sides];
  const rounds: Array<Array<[T, T]>> = [];
  for (let round = 0; round < ring.length - 1; round++) {
    const pairs: Array<[T, T]> = [];
    for (let i = 0; i < ring.length / 2; i++) pairs.push([ring[i] as T, ring[ring.length - 1 - i] as T]);
    rounds.push(pairs);
    ring.splice(1, 0, ring.pop() as T);
  }
  return rounds;
}

/** Pairings of one facility, in playing order, with their round label. */
export interface Pairing {
  category: string;
  round: string;
  side1: Side;
  side2: Side;
}

export interface ScheduleOptions {
  courts: string[];
  /** First match number of the facility (numbers stay unique across a day's facilities). */
  firstMatch: number;
  /** `HH:mm` of the first match. */
  start: string;
  /** Minutes between two matches on one court. */
  slotMinutes: number;
  /** How many of the first matches already have a score. */
  played: number;
}

/** A deterministic but varied badminton score (to 21, or 22-20 after deuce). */
function scoreOf(matchNumber: number): [number, number] {
  const loser = 9 + ((matchNumber * 7) % 12);
  const winner = loser >= 20 ? loser + 2 : 21;
  return matchNumber % 3 === 0 ? [loser, winner] : [winner, loser];
}

function clock(start: string, minutes: number): string {
  const [h, m] = start.split(":").map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * Puts pairings on courts and times: one match per court per slot, in order, numbered from
 * `firstMatch`; the first `played` matches get a score, the umpires take turns.
 * @example schedule(pairings, { courts: ["Court 1"], firstMatch: 101, start: "09:00", slotMinutes: 30, played: 0, referees })
 */
export function schedule(
  pairings: readonly Pairing[],
  options: ScheduleOptions & { referees: readonly string[] },
): DrawMatch[] {
  return pairings.map((pairing, index) => {
    const matchNumber = options.firstMatch + index;
    const match: DrawMatch = {
      matchNumber,
      time: clock(options.start, Math.floor(index / options.courts.length) * options.slotMinutes),
      court: options.courts[index % options.courts.length] as string,
      category: pairing.category,
      round: pairing.round,
      side1: pairing.side1,
      side2: pairing.side2,
      referee: options.referees[index % options.referees.length] as string,
    };
    if (index < options.played) match.score = scoreOf(matchNumber);
    return match;
  });
}

/**
 * The group-stage pairings of several categories, interleaved round by round so that no player
 * waits for a whole category to finish.
 */
export function groupStage(categories: readonly DrawCategory[]): Pairing[] {
  const perCategory = categories.map((category) =>
    roundRobin(category.sides).map((pairs, r) =>
      pairs.map(([side1, side2]) => ({ category: category.label, round: `Group · R${r + 1}`, side1, side2 })),
    ),
  );
  const rounds = Math.max(...perCategory.map((rounds) => rounds.length));
  const pairings: Pairing[] = [];
  for (let r = 0; r < rounds; r++) for (const rounds of perCategory) pairings.push(...(rounds[r] ?? []));
  return pairings;
}
