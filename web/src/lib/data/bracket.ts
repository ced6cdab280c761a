/**
 * Knockout brackets (docs/pages.md, "Brackets"): a category's matches whose `round` is a knockout
 * round (`rounds.ts`), drawn round by round, with each winner carried forward into the match it
 * feeds. A match's side feeds from the match its seat names ("Winner of QF1", "W503", "Loser SF2"
 * for a third-place match); a seat that names none feeds from its place in the bracket (the first
 * match of a round takes the winners of the first two matches of the round before). A `bye`
 * sends the other side through.
 */
import { categoryRank } from "./labels.ts";
import type { Match } from "./matches.ts";
import { playersOf } from "./person-key.ts";
import type { Display } from "./registry.ts";
import { knockoutRound, type Round, THIRD_PLACE } from "./rounds.ts";

/** One side of a bracket match. */
export interface BracketSide {
  /** The players, the winner carried forward, or the seat's own words ("Winner of QF1"). */
  name: string;
  code: string;
  score: string;
  /** Still to be decided: a seat whose feeding match has no result yet. */
  open: boolean;
  /** Filled from the match that feeds it, not from the sheet. */
  carried: boolean;
}

export interface BracketMatch {
  match: Match;
  sides: [BracketSide, BracketSide];
  /** The side that goes through: the higher score, or the side facing a bye. */
  winner: 1 | 2 | undefined;
}

export interface BracketRound extends Round {
  matches: BracketMatch[];
}

/** One category's knockout draw. */
export interface Bracket {
  category: string;
  /** In order of play, the final last. */
  rounds: BracketRound[];
  /** The third-place match(es), drawn apart. */
  third: BracketMatch[];
}

const BYE = /^bye$/i;
const SEAT_REFERENCE = /^(?:(winner|loser)(?:\s+of)?|([wl]))[\s.:#-]*(?:match\s*|m(?=\d))?#?\s*(\S.*)$/i;

/** A side's cell is a player (or players), or a seat waiting for someone. */
const isSeat = (team: string, code: string) => team.trim() === "" || playersOf(team, code).length === 0;

interface Placed {
  match: Match;
  round: Round;
}

/** The category's knockout rounds, each in match-number order, and its third-place matches. */
function roundsOf(placed: Placed[]): { rounds: Placed[][]; third: Placed[] } {
  const byPosition = new Map<number, Placed[]>();
  for (const entry of placed) {
    const list = byPosition.get(entry.round.position) ?? [];
    list.push(entry);
    byPosition.set(entry.round.position, list);
  }
  const byNumber = (a: Placed, b: Placed) =>
    a.match.matchNumber.localeCompare(b.match.matchNumber, "en", { numeric: true }) ||
    (a.match.order < b.match.order ? -1 : 1);
  for (const list of byPosition.values()) list.sort(byNumber);
  const third = byPosition.get(THIRD_PLACE.position) ?? [];
  byPosition.delete(THIRD_PLACE.position);
  const rounds = [...byPosition].sort(([a], [b]) => a - b).map(([, list]) => list);
  return { rounds, third };
}

/** The match a seat's words name, and whether its winner or its loser takes the seat. */
function referenced(
  cell: string,
  display: Display | undefined,
  rounds: Placed[][],
): { from: Placed; loser: boolean } | undefined {
  const found = SEAT_REFERENCE.exec(cell.trim());
  if (!found) return undefined;
  const loser = (found[1] ?? found[2] ?? "").toLowerCase().startsWith("l");
  const target = (found[3] as string).trim();
  const all = rounds.flat();
  const byNumber = all.find((entry) => entry.match.matchNumber === target);
  if (byNumber !== undefined) return { from: byNumber, loser };
  const labelled = /^(.*?)[\s#-]*(\d+)$/.exec(target);
  if (!labelled) return undefined;
  const round = knockoutRound(display, labelled[1] as string);
  const list = rounds.find((r) => r[0]?.round.position === round?.position);
  const from = list?.[Number(labelled[2]) - 1];
  return from === undefined ? undefined : { from, loser };
}

/**
 * Puts each round in the order its matches feed the next one: the final's feeders first, and so
 * on back to the first round; matches nothing names keep their number order after them.
 */
function orderByFeeds(rounds: Placed[][], feeds: Map<Match, Array<Placed | undefined>>): void {
  for (let k = rounds.length - 1; k > 0; k--) {
    const earlier = rounds[k - 1] as Placed[];
    const ordered: Placed[] = [];
    for (const entry of rounds[k] as Placed[]) {
      for (const feeder of feeds.get(entry.match) ?? []) {
        if (feeder !== undefined && earlier.includes(feeder) && !ordered.includes(feeder))
          ordered.push(feeder);
      }
    }
    if (ordered.length === 0) continue;
    rounds[k - 1] = [...ordered, ...earlier.filter((entry) => !ordered.includes(entry))];
  }
}

/** The match that feeds side `s` of `entry` by its place: a round twice as long before this one. */
function placeFeeder(rounds: Placed[][], index: number, entry: Placed, s: number): Placed | undefined {
  const [before, these] = [rounds[index - 1], rounds[index]];
  if (before === undefined || these === undefined || before.length !== 2 * these.length) return undefined;
  return before[2 * these.indexOf(entry) + s];
}

function sideOf(match: Match, side: 1 | 2): BracketSide {
  const [team, code, score] =
    side === 1
      ? [match.team1, match.teamCode1, match.team1Score]
      : [match.team2, match.teamCode2, match.team2Score];
  const open = isSeat(team, code) && !BYE.test(team.trim());
  return { name: team.trim() || code || "To be decided", code, score, open, carried: false };
}

function winnerOf(match: Match, sides: [BracketSide, BracketSide]): 1 | 2 | undefined {
  if (match.winner !== undefined) return match.winner;
  const [one, two] = sides.map((side) => BYE.test(side.name));
  if (one && !two && !sides[1].open) return 2;
  if (two && !one && !sides[0].open) return 1;
  return undefined;
}

/**
 * The knockout brackets of a facility's matches, one per category in display order.
 * @example brackets(matchesOf(csv), event.display)[0]?.rounds.map((r) => r.short) // ["QF", "SF", "F"]
 */
export function brackets(matches: readonly Match[], display: Display | undefined): Bracket[] {
  const known = drawnCache.get(matches);
  if (known !== undefined && known.display === display) return known.brackets;
  const drawn = drawBrackets(matches, display);
  drawnCache.set(matches, { display, brackets: drawn });
  return drawn;
}

/** Each list's brackets, drawn once (a page asks on every redraw). */
const drawnCache = new WeakMap<readonly Match[], { display: Display | undefined; brackets: Bracket[] }>();

function drawBrackets(matches: readonly Match[], display: Display | undefined): Bracket[] {
  const byCategory = new Map<string, Placed[]>();
  for (const match of matches) {
    const round = knockoutRound(display, match.round);
    if (round === undefined) continue;
    const list = byCategory.get(match.category) ?? [];
    list.push({ match, round });
    byCategory.set(match.category, list);
  }
  const drawn: Bracket[] = [];
  for (const [category, placed] of byCategory) {
    const { rounds, third } = roundsOf(placed);
    const feeds = new Map<Match, Array<Placed | undefined>>();
    const losers = new Set<string>();
    for (const entry of [...rounds.flat(), ...third]) {
      const cells = [entry.match.team1, entry.match.team2];
      feeds.set(
        entry.match,
        cells.map((cell, s) => {
          const ref = referenced(cell, display, rounds);
          if (ref?.loser) losers.add(`${entry.match.matchNumber}#${s}`);
          return ref?.from;
        }),
      );
    }
    orderByFeeds(rounds, feeds);
    const done = new Map<Match, BracketMatch>();
    const carry = (entry: Placed, index: number): BracketMatch => {
      const { match } = entry;
      const sides: [BracketSide, BracketSide] = [sideOf(match, 1), sideOf(match, 2)];
      sides.forEach((side, s) => {
        if (!side.open) return;
        const feeder = feeds.get(match)?.[s] ?? placeFeeder(rounds, index, entry, s);
        const fed = feeder === undefined ? undefined : done.get(feeder.match);
        if (fed?.winner === undefined) return;
        const through = losers.has(`${match.matchNumber}#${s}`) ? 3 - fed.winner : fed.winner;
        const from = fed.sides[through - 1] as BracketSide;
        sides[s] = { ...side, name: from.name, code: from.code, open: from.open, carried: true };
      });
      const bracketMatch = { match, sides, winner: winnerOf(match, sides) };
      done.set(match, bracketMatch);
      return bracketMatch;
    };
    const drawnRounds = rounds.map((list, index) => ({
      ...(list[0] as Placed).round,
      matches: list.map((entry) => carry(entry, index)),
    }));
    // A third-place match has no place in the bracket: only the matches it names feed it.
    const thirdMatches = third.map((entry) => carry(entry, -1));
    drawn.push({ category, rounds: drawnRounds, third: thirdMatches });
  }
  return drawn.sort((a, b) => categoryRank(display, a.category) - categoryRank(display, b.category));
}

const knockoutCache = new WeakMap<
  readonly Match[],
  { display: Display | undefined; categories: Set<string> }
>();

/**
 * The categories whose every match here is a knockout round (or the third-place match): their draw
 * stands in for a standings table.
 */
export function knockoutOnly(matches: readonly Match[], display: Display | undefined): Set<string> {
  const known = knockoutCache.get(matches);
  if (known !== undefined && known.display === display) return known.categories;
  const knockout = new Set<string>();
  const other = new Set<string>();
  for (const match of matches) (knockoutRound(display, match.round) ? knockout : other).add(match.category);
  for (const category of other) knockout.delete(category);
  knockoutCache.set(matches, { display, categories: knockout });
  return knockout;
}
