import { createHash } from "node:crypto";
import type { Rows } from "../../ports/spreadsheet.ts";
import type { Day, EventType } from "../../registry/types.ts";
import { cellText } from "./attendance-tab.ts";
import { personKey } from "./person-key.ts";

/** One person as the roster says: their teams and categories are parallel lists. */
export interface RosterPerson {
  key: string;
  player: string;
  teams: string[];
  categories: string[];
}

export interface Roster {
  people: RosterPerson[];
  /** One line per name found twice in one category. */
  warnings: string[];
}

/** Team-code shapes and where the category sits in them. */
const STANDARD_CODE = /^[A-Z0-9]+_\d+$/;
const DUAL_MEET_CODE = /^[A-Z0-9]+_[A-Z0-9]+_\d+$/;

/** Rows that hold a playoff seat rather than a player ("Winner of QF1", "Seed 2", "W3", "TBD"). */
const PLAYOFF_SEAT = /^(?:winner|loser|seed|tbd|tba|[WL]\d+$|(?:\d+(?:st|nd|rd|th))\b)/i;

/** The tab a day's roster is read from. */
export function rosterTabName(type: EventType, day: Day, defaults: { standingsSheetName: string }): string {
  if (type === "team") return day.rosterSheetName ?? "Teams";
  return day.standingsSheetName ?? defaults.standingsSheetName;
}

/** A team code's category, or `undefined` when the code is not of the event's roster shape. */
export function categoryOf(type: EventType, code: string): string | undefined {
  if (type === "standard") return STANDARD_CODE.test(code) ? code.split("_")[0] : undefined;
  if (type === "dual-meet") return DUAL_MEET_CODE.test(code) ? code.split("_")[1] : undefined;
  if (code === "") return undefined;
  const underscore = code.indexOf("_");
  return underscore > 0 ? code.slice(0, underscore) : code;
}

function columnNamed(header: readonly unknown[], ...names: string[]): number {
  for (const name of names) {
    const at = header.findIndex(
      (cell) =>
        cellText(cell as never)
          .trim()
          .toLowerCase() === name.toLowerCase(),
    );
    if (at !== -1) return at;
  }
  return -1;
}

/**
 * The roster of a facility from its roster tab: standard and dual-meet events read `Team Code` and
 * `Player` of `STANDINGSCSV` (rows whose code is not of the event's shape are not roster rows);
 * team events read `Team Code` and `Player` or `FINAL LEVEL ORDER` of `Teams`. A cell `A / B` is
 * two players. Playoff seats, names equal to the team code and `bye` are skipped. One person per
 * key across categories; the same name twice in one category is one person, with a warning.
 * @example buildRoster("standard", [["Team Code", "Player"], ["MS_1", "Ana Cruz"]]).people[0]
 * // { key: "ana cruz", player: "Ana Cruz", teams: ["MS_1"], categories: ["MS"] }
 */
export function buildRoster(type: EventType, rows: Rows | undefined): Roster {
  const header = rows?.[0] ?? [];
  const codeAt = columnNamed(header, "Team Code");
  const playerAt =
    type === "team" ? columnNamed(header, "Player", "FINAL LEVEL ORDER") : columnNamed(header, "Player");
  const byKey = new Map<string, RosterPerson>();
  const warnings: string[] = [];
  if (!rows || codeAt === -1 || playerAt === -1) return { people: [], warnings };
  for (const row of rows.slice(1)) {
    const code = cellText(row[codeAt]).trim();
    const category = categoryOf(type, code);
    if (category === undefined) continue;
    for (const name of cellText(row[playerAt]).split(/[/\n]/)) {
      const player = name.replace(/\s+/g, " ").trim();
      const key = personKey(player);
      if (key === "" || key === personKey(code) || key === "bye" || PLAYOFF_SEAT.test(player)) continue;
      const known = byKey.get(key);
      if (!known) {
        byKey.set(key, { key, player, teams: [code], categories: [category] });
      } else if (known.categories.includes(category)) {
        warnings.push(`"${player}" is listed twice in category ${category}; kept as one person`);
      } else {
        known.teams.push(code);
        known.categories.push(category);
      }
    }
  }
  return { people: [...byKey.values()], warnings };
}

/** A digest of the roster; the post-sync hook skips a facility whose digest has not changed. */
export function rosterFingerprint(roster: Roster): string {
  return createHash("sha256").update(JSON.stringify(roster.people)).digest("base64url");
}
