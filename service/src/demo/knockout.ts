// The demo's knockout day: single-elimination draws of eight, seeded 1 v 8, 4 v 5, 3 v 6, 2 v 7.
import { type DrawCategory, type FacilityDraw, type Pairing, type Side, schedule } from "./draw.ts";
import { REFEREES } from "./people.ts";

/** The rounds of a draw of eight, as the workbook's `round` column writes them, with their seat names. */
const ROUNDS = [
  { label: "Quarter-final", short: "QF", matches: 4 },
  { label: "Semi-final", short: "SF", matches: 2 },
  { label: "Final", short: "F", matches: 1 },
] as const;

/** The seeds meeting in each quarter-final, in bracket order (the winners of 1 and 2 meet next). */
const QUARTERS: Array<[number, number]> = [
  [0, 7],
  [3, 4],
  [2, 5],
  [1, 6],
];

/**
 * A seat of a later round, named as organisers write it before the round is played ("Winner QF1"):
 * the sheet keeps it, and the pages carry the winner forward once the match it names has a result.
 */
const seat = (round: string, n: number): Side => ({ code: "", players: [`Winner ${round}${n}`] });

/** One category's draw of eight: its quarter-finals, then the seats of its semi-finals and final. */
function draw(category: DrawCategory): Pairing[][] {
  const sides = category.sides;
  const quarters = QUARTERS.map(([a, b]) => ({
    category: category.label,
    round: ROUNDS[0].label,
    side1: sides[a] as Side,
    side2: sides[b] as Side,
  }));
  const later = ROUNDS.slice(1).map((round, r) =>
    Array.from({ length: round.matches }, (_, m) => ({
      category: category.label,
      round: round.label,
      side1: seat(ROUNDS[r]!.short, 2 * m + 1),
      side2: seat(ROUNDS[r]!.short, 2 * m + 2),
    })),
  );
  return [quarters, ...later];
}

/**
 * A knockout facility: each category's draw of eight, round by round (every category's
 * quarter-finals, then the semi-finals, then the finals), on four courts from `start`; the first
 * `played` matches have a score.
 */
export function knockoutFacility(
  facility: string,
  sheetId: string,
  date: string,
  categories: DrawCategory[],
  options: { firstMatch: number; start: string; played: number },
): FacilityDraw {
  const draws = categories.map(draw);
  const pairings = ROUNDS.flatMap((_, r) => draws.flatMap((rounds) => rounds[r] ?? []));
  const matches = schedule(pairings, {
    courts: ["Court 1", "Court 2", "Court 3", "Court 4"],
    firstMatch: options.firstMatch,
    start: options.start,
    slotMinutes: 40,
    played: options.played,
    referees: REFEREES,
  });
  return { eventType: "standard", facility, sheetId, date, categories, matches };
}
