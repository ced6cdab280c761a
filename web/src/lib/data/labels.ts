/**
 * Labels from the registry's `display` (page-only): category codes to words, club names, the pairs
 * of a team event and team colours. Key order of each map is display order.
 */
import type { Display, Event } from "./registry.ts";

/** The pair labels without `display.pairs`: pair 1 to 4 of a team code `A_3`. */
const DEFAULT_PAIRS: Record<string, string> = { "1": "MD", "2": "WD", "3": "XD 1", "4": "XD 2" };
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Looks a code up in a label map, ignoring case. */
function lookup<T>(map: Record<string, T> | undefined, code: string): T | undefined {
  if (map === undefined) return undefined;
  const wanted = code.toLowerCase();
  for (const [key, label] of Object.entries(map)) if (key.toLowerCase() === wanted) return label;
  return undefined;
}

/**
 * A category for people: each word that is an event or division code (or an event code and a
 * division code joined, as in team codes) is replaced by its label.
 * @example categoryLabel(display, "XDOPEN") // "Mixed doubles · Open"
 * @example categoryLabel({ events: { MS: "Men's singles" }, divisions: { U15: "Under 15" } }, "MS U15") // "Men's singles · Under 15"
 */
export function categoryLabel(display: Display | undefined, category: string): string {
  const whole = lookup(display?.events, category);
  if (whole !== undefined) return whole;
  const words = category.trim().split(/\s+/);
  const labels = words.map(
    (word) => lookup(display?.events, word) ?? lookup(display?.divisions, word) ?? joinedCodes(display, word),
  );
  if (labels.every((label) => label === undefined)) return category;
  return words.map((word, i) => labels[i] ?? word).join(" · ");
}

/** An event code and a division code written as one word, as team codes carry them (`XDOPEN`, `MSU15`). */
function joinedCodes(display: Display | undefined, word: string): string | undefined {
  for (const [code, label] of Object.entries(display?.events ?? {})) {
    if (word.length <= code.length || word.slice(0, code.length).toLowerCase() !== code.toLowerCase())
      continue;
    const division = lookup(display?.divisions, word.slice(code.length));
    if (division !== undefined) return `${label} · ${division}`;
  }
  return undefined;
}

/** The position of a category in display order (events first, then divisions), for sorting. */
export function categoryRank(display: Display | undefined, category: string): number {
  const words = category.trim().toLowerCase().split(/\s+/);
  const rank = (map: Record<string, string> | undefined) => {
    const keys = Object.keys(map ?? {}).map((key) => key.toLowerCase());
    const found = words.map((word) => keys.indexOf(word)).find((index) => index >= 0);
    return found ?? keys.length;
  };
  return rank(display?.events) * 1000 + rank(display?.divisions);
}

/** The club code of a dual-meet team code `RED_MS_1`, or the team of a team event's `ACES_3`. */
export function teamOf(teamCode: string): string {
  return teamCode.split("_")[0] ?? teamCode;
}

/** A club's or team's name from `display.clubs`, else its code. */
export function clubLabel(display: Display | undefined, code: string): string {
  return lookup(display?.clubs, code) ?? code;
}

/**
 * A team event's pair label for a team code `ACES_3`: `display.pairs` when given, else MD, WD, XD 1, XD 2.
 * @example pairLabel(undefined, "ACES_3") // { full: "XD 1", short: "XD 1" }
 */
export function pairLabel(
  display: Display | undefined,
  teamCode: string,
): { full: string; short: string } | undefined {
  const number = /_(\d+)$/.exec(teamCode)?.[1];
  if (number === undefined) return undefined;
  const given = display?.pairs?.[number];
  if (given !== undefined && typeof given.full === "string" && typeof given.short === "string") return given;
  const fallback = DEFAULT_PAIRS[number];
  return fallback === undefined ? undefined : { full: fallback, short: fallback };
}

/** A team's colour from `display.teamColors` (`#RGB` or `#RRGGBB`); anything else is dropped. */
export function teamColour(display: Display | undefined, team: string): string | undefined {
  const colour = lookup(display?.teamColors, team);
  return typeof colour === "string" && HEX_COLOUR.test(colour) ? colour : undefined;
}

/**
 * A team code for people, where the registry names it: a dual meet's club (`RED_MS_1` → "Red
 * Smashers"), a team event's team and pair (`ACES_3` → "Aces · XD 1"). A standard event's entry
 * code (`MSU15_1`) names nothing a person knows beside the players' names: undefined.
 * @example teamLabel({ type: "dual-meet", display: { clubs: { RED: "Red Smashers" } } }, "RED_MS_1") // "Red Smashers"
 */
export function teamLabel(event: Pick<Event, "type" | "display">, code: string): string | undefined {
  if (code.trim() === "" || event.type === "standard") return undefined;
  const team = clubLabel(event.display, teamOf(code));
  if (event.type === "dual-meet") return team;
  return [team, pairLabel(event.display, code)?.short].filter(Boolean).join(" · ");
}
