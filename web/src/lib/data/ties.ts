/**
 * A team event's ties and its table of teams (docs/pages.md, "Team scoring"). A tie is the
 * matches between two teams (pair n of one against pair n of the other). `teamScoring: games`
 * counts the matches each team won; `points` (the default, and any other value) adds up the points
 * each team scored. A tie is decided once every match in it has a result; the team with more
 * wins it, equal is a draw.
 */
import { teamOf } from "./labels.ts";
import type { Match } from "./matches.ts";

/** One tie: its two teams (in the order the first match names them) and their score. */
export interface Tie {
  key: string;
  home: string;
  away: string;
  matches: Match[];
  /** The score of each team by the event's `teamScoring`. */
  score: Record<string, number>;
  /** Every match has a result. */
  decided: boolean;
}

/** One team's line of the table. */
export interface TeamLine {
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  /** Matches won (`games`) or points (`points`), over every match with a result. */
  score: number;
  rank: number;
  shared: boolean;
}

const isGames = (teamScoring: string | undefined) => teamScoring === "games";

/** What one side of a match adds to its team's score. */
function scored(match: Match, side: 1 | 2, games: boolean): number {
  if (games) return Number(match.winner === side);
  const score = side === 1 ? match.team1Score : match.team2Score;
  return /^\d+$/.test(score) ? Number(score) : 0;
}

/**
 * The facility's ties, in the order their first match comes.
 * @example ties(matchesOf(csv), "games")[0] // { home: "ACES", away: "SMASH", score: { ACES: 3, SMASH: 1 }, decided: true, … }
 */
export function ties(matches: readonly Match[], teamScoring: string | undefined): Tie[] {
  const games = isGames(teamScoring);
  const found = new Map<string, Tie>();
  for (const match of matches) {
    const [one, two] = [teamOf(match.teamCode1), teamOf(match.teamCode2)];
    const key = [one, two].sort().join(" v ");
    let tie = found.get(key);
    if (tie === undefined) {
      tie = { key, home: one, away: two, matches: [], score: { [one]: 0, [two]: 0 }, decided: true };
      found.set(key, tie);
    }
    tie.matches.push(match);
    tie.score[one] = (tie.score[one] ?? 0) + scored(match, 1, games);
    tie.score[two] = (tie.score[two] ?? 0) + scored(match, 2, games);
    if (match.winner === undefined) tie.decided = false;
  }
  return [...found.values()];
}

/**
 * The table of teams: ties played (decided), won, drawn, lost and the `teamScoring` score, ranked
 * by ties won, then that score; teams equal on both share a rank.
 */
export function teamTable(matches: readonly Match[], teamScoring: string | undefined): TeamLine[] {
  const lines = new Map<string, TeamLine>();
  const line = (team: string) => {
    let found = lines.get(team);
    if (found === undefined) {
      found = { team, played: 0, won: 0, drawn: 0, lost: 0, score: 0, rank: 0, shared: false };
      lines.set(team, found);
    }
    return found;
  };
  for (const tie of ties(matches, teamScoring)) {
    const [home, away] = [line(tie.home), line(tie.away)];
    home.score += tie.score[tie.home] ?? 0;
    away.score += tie.score[tie.away] ?? 0;
    if (!tie.decided) continue;
    home.played++;
    away.played++;
    const balance = (tie.score[tie.home] ?? 0) - (tie.score[tie.away] ?? 0);
    if (balance === 0) {
      home.drawn++;
      away.drawn++;
    } else {
      (balance > 0 ? home : away).won++;
      (balance > 0 ? away : home).lost++;
    }
  }
  const sorted = [...lines.values()].sort((a, b) => b.won - a.won || b.score - a.score);
  sorted.forEach((team, index) => {
    const previous = sorted[index - 1];
    const level = previous !== undefined && previous.won === team.won && previous.score === team.score;
    team.rank = level ? previous.rank : index + 1;
    if (level) {
      team.shared = true;
      previous.shared = true;
    }
  });
  return sorted;
}
