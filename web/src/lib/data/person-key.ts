/**
 * The person key, the service's only definition of a person's identity (the spec's Person `key`):
 * accents stripped (NFKD, combining marks removed), whitespace collapsed to one space and trimmed,
 * lower-cased. Pages match a name in a match to a row of the attendance list through it.
 * @example personKey("  José   DELA Cruz ") // "jose dela cruz"
 */
export function personKey(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").replace(/\s+/gu, " ").trim().toLowerCase();
}

/** Names that hold a playoff seat rather than a player ("Winner of QF1", "Seed 2", "W3", "TBD", "bye"). */
const PLAYOFF_SEAT = /^(?:winner|loser|seed|tbd|tba|bye$|[WL]\d+$|(?:\d+(?:st|nd|rd|th))\b)/i;

/**
 * The players of one side of a match: the CSV's `team1`/`team2` cell split on ` / ` (and line
 * breaks), playoff seats and the side's own team code left out.
 * @example playersOf("José Ñañez / Ramón Dela Cruz", "MD_1") // ["José Ñañez", "Ramón Dela Cruz"]
 */
export function playersOf(side: string, teamCode = ""): string[] {
  return side
    .split(/\s*\/\s*|\r?\n/)
    .map((name) => name.trim())
    .filter((name) => name !== "" && !PLAYOFF_SEAT.test(name) && personKey(name) !== personKey(teamCode));
}
