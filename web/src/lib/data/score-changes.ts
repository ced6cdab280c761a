/**
 * The scores that arrived between two snapshots of a day, and the sentence a screen reader hears
 * for them (docs/pages.md, "Changes seen").
 */
import type { Match } from "./matches.ts";
import { matchesOf } from "./matches.ts";
import type { DaySnapshot } from "./snapshot.ts";

/** A match whose score arrived or changed. */
export interface ScoreChange {
  facility: string;
  match: Match;
}

/** The matches of `after` that have a score they did not have in `before`; none for a first snapshot. */
export function scoreChanges(before: DaySnapshot | undefined, after: DaySnapshot): ScoreChange[] {
  if (before === undefined || before === after) return [];
  const changes: ScoreChange[] = [];
  for (const facility of after.facilities) {
    const earlier = before.facilities.find((f) => f.name === facility.name);
    if (earlier === undefined || earlier.matchesCsv === facility.matchesCsv) continue;
    const earlierMatches = matchesOf(earlier.matchesCsv);
    const matches = matchesOf(facility.matchesCsv);
    /** The earlier rows (matchesOf gives a row it has seen its same object), made once a row differs. */
    let earlierRows: Set<Match> | undefined;
    /** The earlier matches by number, made only for a row that changed and moved. */
    let byNumber: Map<string, Match> | undefined;
    for (let i = 0; i < matches.length; i++) {
      const match = matches[i] as Match;
      const inPlace = earlierMatches[i];
      if (match === inPlace) continue;
      if (match.team1Score === "" && match.team2Score === "") continue;
      earlierRows ??= new Set(earlierMatches);
      // The same row, moved (a match added before it): not news, even where numbers repeat or are blank.
      if (earlierRows.has(match)) continue;
      let old = inPlace;
      if (inPlace?.matchNumber !== match.matchNumber) {
        byNumber ??= new Map(earlierMatches.map((m) => [m.matchNumber, m]));
        old = byNumber.get(match.matchNumber);
      }
      if (old === undefined || old.team1Score !== match.team1Score || old.team2Score !== match.team2Score)
        changes.push({ facility: facility.name, match });
    }
  }
  return changes;
}

/** The most scores read out one by one; more are summed up per hall. */
const SAID_ONE_BY_ONE = 3;

/**
 * What a screen reader says for scores that arrived.
 * @example announcement([{ facility: "Rizal Hall", match }]) // "New score, Rizal Hall, Court 1: José Ñañez 21, Nicolás Peñaflor 15."
 */
export function announcement(changes: readonly ScoreChange[]): string {
  if (changes.length === 0) return "";
  if (changes.length <= SAID_ONE_BY_ONE) {
    return changes
      .map(({ facility, match }) => {
        const where = [facility, match.court].filter(Boolean).join(", ");
        const one = `${match.team1 || match.teamCode1} ${match.team1Score || "no score"}`;
        const two = `${match.team2 || match.teamCode2} ${match.team2Score || "no score"}`;
        return `New score, ${where}: ${one}, ${two}.`;
      })
      .join(" ");
  }
  const perHall = new Map<string, number>();
  for (const { facility } of changes) perHall.set(facility, (perHall.get(facility) ?? 0) + 1);
  const halls = [...perHall].map(([hall, count]) => `${hall} (${count})`).join(", ");
  return `${changes.length} new scores: ${halls}.`;
}
