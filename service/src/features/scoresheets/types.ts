import type { MatchColumn } from "../../shared/match-columns.ts";

/**
 * One row of the matches CSV: each match column (`shared/match-columns.ts`) and the merged day
 * CSV's `facility`, as trimmed text ("" when the column or cell is absent).
 */
export type Match = Record<MatchColumn | "facility", string>;

/** One page to render: a match, or `null` for a blank sheet. */
export type SheetItem = Match | null;

/** How each page gets its fixed frame: placed Form XObject, or drawn again (the benchmark's baseline). */
export type FrameMode = "template" | "inline";
