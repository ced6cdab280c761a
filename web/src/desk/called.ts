/**
 * Who has been called to a court at the desk's hall and not yet started (docs/pages.md, "Called
 * to court"): the desk follows the day's snapshot, whose `callsCsv` carries the hall's calls, and
 * lists each match whose call waits for its players, the latest call first, each player with
 * whether they are checked in (the desk's own list), so desk staff can send them to the court.
 */

import type { Person } from "../lib/attendance/person.ts";
import { hasResult } from "../lib/data/courts.ts";
import { personKey } from "../lib/data/person-key.ts";
import { facilityMatches, playersWithKeys } from "../lib/data/players.ts";
import type { Display } from "../lib/data/registry.ts";
import type { DaySnapshot } from "../lib/data/snapshot.ts";

/** A player of a called match: their name, and whether the desk has them checked in (`undefined`: not on its list). */
export interface CalledPlayer {
  name: string;
  present: boolean | undefined;
}

/** A match called to a court, waiting for its players. */
export interface CalledMatch {
  matchNumber: string;
  court: string;
  calledAt: number | undefined;
  category: string;
  sides: [CalledPlayer[], CalledPlayer[]];
}

/**
 * The matches of `facility` called and not started (no live point, no result), the latest call first.
 * @example calledMatches(snapshot, "Rizal Hall", display, people, () => false)[0] // { matchNumber: "107", court: "Court 3", sides: [[{ name: "Ana Cruz", present: true }, …], …], … }
 */
export function calledMatches(
  snapshot: DaySnapshot | undefined,
  facility: string | undefined,
  display: Display | undefined,
  people: readonly Person[] | undefined,
  playing: (matchNumber: string) => boolean,
): CalledMatch[] {
  const hall = snapshot?.facilities.find((f) => f.name === facility);
  if (hall === undefined) return [];
  const present = new Map((people ?? []).map((person) => [personKey(person.player), person.present]));
  const side = (team: string, code: string): CalledPlayer[] => {
    const players = playersWithKeys(team, code);
    if (players.length === 0) return [{ name: team || code || "To be decided", present: undefined }];
    return players.map(({ name, key }) => ({ name, present: present.get(key) }));
  };
  return facilityMatches(hall, display)
    .filter((match) => match.call?.state === "called" && !hasResult(match) && !playing(match.matchNumber))
    .map((match) => ({
      matchNumber: match.matchNumber,
      court: match.court,
      calledAt: match.call?.calledAt,
      category: match.category,
      sides: [side(match.team1, match.teamCode1), side(match.team2, match.teamCode2)] as [
        CalledPlayer[],
        CalledPlayer[],
      ],
    }))
    .sort((a, b) => (b.calledAt ?? 0) - (a.calledAt ?? 0));
}
