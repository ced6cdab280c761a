/**
 * The `CALLS` tab's columns: the header row the service writes when it creates the tab, and the
 * names the pages find the columns by in each facility's published `callsCsv` (docs/workbooks.md,
 * "The CALLS tab"). One row per call of a match to a court.
 */
/** The tab the service keeps its calls in, in every facility workbook (created with the first call). */
export const CALLS_TAB = "CALLS";

export const CALL_COLUMNS = [
  "matchNumber",
  "court",
  "calledAt",
  "startedAt",
  "endedAt",
  "calledBy",
  "state",
] as const;

export type CallColumn = (typeof CALL_COLUMNS)[number];

/**
 * A call's states: `called` (the players are on their way), `playing` (the first live point, or
 * a Start), `done` (the final score saved), `cancelled` (taken back; the row stays).
 */
export const CALL_STATES = ["called", "playing", "done", "cancelled"] as const;

export type CallState = (typeof CALL_STATES)[number];

/** A call that still holds its court: called or playing. */
export const isOpenCall = (state: string): boolean => state === "called" || state === "playing";
