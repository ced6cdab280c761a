/**
 * The four registered scoresheet layouts (DESIGN.md, "Scoresheet form"), in the order a person
 * chooses among them: the form's `type`. The console imports them as
 * `@tournament-ops/service/scoresheet-layouts`, so this file imports nothing.
 */
export const LAYOUT_TYPES = ["standard", "no-referee", "no-referee-wide", "best-of-3"] as const;

/** One registered layout identifier. */
export type LayoutType = (typeof LAYOUT_TYPES)[number];
