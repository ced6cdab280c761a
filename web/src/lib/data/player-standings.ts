/** A player's standings: their row in each category table of the facilities they play at (docs/pages.md, "Players"). */
import { type EventDay, facilityMatches, type Player, playersWithKeys } from "./players.ts";
import type { Display } from "./registry.ts";
import { type StandingRow, standings } from "./standings.ts";

/** A player's standing in one category of one facility. */
export interface PlayerStanding {
  day: EventDay;
  facility: string;
  category: string;
  row: StandingRow;
  /** How many rows the category has. */
  of: number;
}

/**
 * The player's standing in each category they play in, from the facilities they play at. A table
 * that ranks nothing (a team event's pairs, a tab without Won) gives no standing.
 */
export function playerStandings(
  player: Player,
  display: Display | undefined,
  options: { ranked?: boolean } = {},
): PlayerStanding[] {
  if (options.ranked === false) return [];
  const found: PlayerStanding[] = [];
  const seen = new Set<string>();
  for (const { day, facility: name } of player.matches) {
    const place = `${day.key}\u0000${name}`;
    if (seen.has(place)) continue;
    seen.add(place);
    const facility = day.snapshot.facilities.find((f) => f.name === name);
    if (facility === undefined || facility.standingsCsv === "") continue;
    const table = standings(facility.standingsCsv, facilityMatches(facility, display), display);
    const column = table.column("player");
    if (column < 0 || !table.ranked) continue;
    for (const group of table.groups) {
      const row = group.rows.find((r) =>
        playersWithKeys(r.cells[column] ?? "", r.code).some(({ key }) => key === player.key),
      );
      if (row !== undefined)
        found.push({ day, facility: name, category: group.category, row, of: group.rows.length });
    }
  }
  return found;
}
