/**
 * Where the public page is, kept in its address so a link can be shared and the back button works:
 * `?day=<day>&facility=<name>&view=<view>`, a player's page `&player=<person key>`, or nothing
 * for the event list.
 */

export type View = "matches" | "courts" | "standings" | "draw" | "teams";
export const VIEWS: readonly View[] = ["matches", "courts", "standings", "draw", "teams"];

export interface Place {
  day: string | undefined;
  facility: string | undefined;
  view: View;
  /** The person key of the player whose page is open. */
  player: string | undefined;
}

/** The place an address's query names. */
export function placeOf(search: string): Place {
  const query = new URLSearchParams(search);
  const view = query.get("view");
  return {
    day: query.get("day") ?? undefined,
    facility: query.get("facility") ?? undefined,
    view: VIEWS.includes(view as View) ? (view as View) : "matches",
    player: query.get("player") || undefined,
  };
}

/** The query of a place (`?day=…`), the default view left out. */
export function queryOf({ day, facility, view, player }: Place): string {
  const query = new URLSearchParams();
  if (day !== undefined) query.set("day", day);
  if (facility !== undefined) query.set("facility", facility);
  if (view !== "matches") query.set("view", view);
  if (player !== undefined) query.set("player", player);
  return `?${query}`;
}
