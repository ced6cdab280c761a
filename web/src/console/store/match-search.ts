/**
 * Finding a match of the day at the control desk: by its number, its court or a player, as a
 * person types it. Names are folded like person keys (accents and case do not matter), and each
 * word typed must begin a word of the match: `107`, `court 3`, `ana`, `cruz rizal`.
 */

import { type Match, matchesOf } from "../../lib/data/matches.ts";
import { personKey } from "../../lib/data/person-key.ts";
import type { DaySnapshot } from "../../lib/data/snapshot.ts";

/** A match of the day and the facility it is played in. */
export interface DayMatch {
  facility: string;
  match: Match;
}

/** At most this many matches are listed; the rest are counted. */
export const SHOWN_MATCHES = 20;

/** The day's matches, facility by facility in the snapshot's order, each in time and court order. */
export function dayMatches(snapshot: DaySnapshot | undefined): DayMatch[] {
  return (snapshot?.facilities ?? []).flatMap((facility) =>
    facility.status === "skipped"
      ? []
      : matchesOf(facility.matchesCsv).map((match) => ({ facility: facility.name, match })),
  );
}

const fold = (text: string) =>
  personKey(text)
    .split(/[\s/,()·-]+/)
    .filter(Boolean);

/** `court 3`, `court a`, `c3`: a court asked for by its name or number, compared whole (`cruz` is a name). */
const COURT = /^(?:court\s+(\S+)|c\s*(\d+))$/;

/**
 * The matches a query finds, best first: the match of that very number, then the matches on that
 * court, then the others in the day's order; at most {@link SHOWN_MATCHES}, with how many more.
 * An empty query finds nothing.
 * @example findMatches(dayMatches(snapshot), "107").shown[0]?.match.matchNumber // "107"
 */
export function findMatches(all: readonly DayMatch[], query: string): { shown: DayMatch[]; more: number } {
  const words = fold(query);
  if (words.length === 0) return { shown: [], more: 0 };
  const whole = words.join(" ");
  const asked = COURT.exec(whole);
  const court = asked?.[1] ?? asked?.[2];
  const found = all.flatMap((entry) => {
    const { match, facility } = entry;
    const courtWords = fold(match.court);
    if (court !== undefined) {
      const same = courtWords.join(" ") === court || courtWords.at(-1) === court;
      return same ? [{ entry, rank: 1 }] : [];
    }
    const text = fold(
      [
        match.matchNumber,
        match.court,
        match.team1,
        match.team2,
        match.teamCode1,
        match.teamCode2,
        facility,
      ].join(" "),
    );
    if (!words.every((word) => text.some((part) => part.startsWith(word)))) return [];
    const rank = personKey(match.matchNumber) === whole ? 0 : courtWords.join(" ") === whole ? 1 : 2;
    return [{ entry, rank }];
  });
  const sorted = found.sort((a, b) => a.rank - b.rank).map(({ entry }) => entry);
  return { shown: sorted.slice(0, SHOWN_MATCHES), more: Math.max(0, sorted.length - SHOWN_MATCHES) };
}
