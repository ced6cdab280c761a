/** Winners carried forward from the drawn brackets into the matches every view shows (`bracket.ts`). */
import { brackets } from "./bracket.ts";
import type { Match } from "./matches.ts";
import type { Display } from "./registry.ts";

const carriedCache = new WeakMap<readonly Match[], { display: Display | undefined; matches: Match[] }>();

/**
 * The matches with each winner carried forward into the seat it fills (the page's other views
 * show the players, not "Winner of QF1"). Matches nothing was carried into stay the same objects.
 */
export function carryWinners(matches: readonly Match[], display: Display | undefined): Match[] {
  const known = carriedCache.get(matches);
  if (known !== undefined && known.display === display) return known.matches;
  const replaced = new Map<Match, Match>();
  for (const bracket of brackets(matches, display)) {
    for (const drawnMatch of [...bracket.rounds.flatMap((round) => round.matches), ...bracket.third]) {
      const [one, two] = drawnMatch.sides;
      if (!one.carried && !two.carried) continue;
      const { match } = drawnMatch;
      replaced.set(match, {
        ...match,
        key: `${match.key}\u0003${one.name}\u0001${two.name}`,
        team1: one.name,
        teamCode1: one.code,
        team2: two.name,
        teamCode2: two.code,
      });
    }
  }
  const result =
    replaced.size === 0 ? (matches as Match[]) : matches.map((match) => replaced.get(match) ?? match);
  carriedCache.set(matches, { display, matches: result });
  return result;
}
