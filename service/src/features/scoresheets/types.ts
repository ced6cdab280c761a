/** The four registered scoresheet layouts (DESIGN.md, "Scoresheet form"). */
export const LAYOUT_TYPES = ["standard", "no-referee", "no-referee-wide", "best-of-3"] as const;

/** One registered layout identifier. */
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/**
 * One row of the matches CSV, every column as trimmed text ("" when the column or cell is absent).
 * `team1`/`team2` hold a side's players joined with " / ".
 */
export interface Match {
  matchNumber: string;
  date: string;
  time: string;
  court: string;
  category: string;
  round: string;
  teamCode1: string;
  team1: string;
  teamCode2: string;
  team2: string;
  team1Score: string;
  team2Score: string;
  referee: string;
  facility: string;
}

/** One page to render: a match, or `null` for a blank sheet. */
export type SheetItem = Match | null;

/** How each page gets its fixed frame: placed Form XObject, or drawn again (the benchmark's baseline). */
export type FrameMode = "template" | "inline";
