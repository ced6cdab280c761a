/** How a player's matches are said on the page: where and when, and what comes next. */
import type { PlayerMatch, PlayerNow } from "../../lib/data/players.ts";
import { dayLabel } from "../../lib/manila-time.ts";

/**
 * When and where a match is: its time (with its date when it is not `today`), court and hall.
 * @example whenAndWhere(entry, "2026-11-28") // "10:00 · Court 3 · Annex Court"
 */
export function whenAndWhere(entry: PlayerMatch, today: string): string {
  const { match, day, facility } = entry;
  const date = match.date || day.snapshot.date || "";
  const when = [date && date !== today ? dayLabel(date, "short") : "", match.time].filter(Boolean).join(" ");
  return [when || "Time to be announced", match.court, facility].filter(Boolean).join(" · ");
}

/** The other side of a player's match. */
export function opponents(entry: PlayerMatch): string {
  const { match, side } = entry;
  return (side === 1 ? match.team2 || match.teamCode2 : match.team1 || match.teamCode1) || "to be decided";
}

/** What comes next for a player, in a few words. */
export function nextWords(state: PlayerNow, today: string): string {
  if (state.next === undefined) return "No match to come";
  if (state.onCourt)
    return `${state.next.match.call?.state === "called" ? "Called to court now" : "On court now"} · ${whenAndWhere(state.next, today)}`;
  return `Next: ${whenAndWhere(state.next, today)}`;
}

/** A player's results so far: "2 won · 1 lost". */
export function recordWords(state: PlayerNow): string {
  return state.won + state.lost === 0 ? "No results yet" : `${state.won} won · ${state.lost} lost`;
}
