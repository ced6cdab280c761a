/**
 * How the score form follows the live day, pure: while the umpire has not typed, the form is the
 * sheet's; once they have, their numbers stay put and only `expected` moves when the sheet comes
 * to hold exactly their numbers (nothing to resolve then).
 */
import type { Match } from "../lib/data/matches.ts";
import { type Draft, draftFrom, sameScores, typedScores } from "../lib/scores/score-draft.ts";

/** What following the sheet changes: the draft, and whether it is another match's. */
export interface Followed {
  draft: Draft;
  /** The form now shows another match (or its first): its outcome and errors start afresh. */
  other: boolean;
  /** The sheet's scores changed since the form last followed it. */
  changed: boolean;
}

/** The form after the live day shows `match` of `facility`; `busy`: a save is under way. */
export function followSheet(
  current: Draft | undefined,
  facility: string,
  match: Match,
  busy: boolean,
): Followed {
  const fresh = draftFrom(facility, match);
  if (current === undefined || current.facility !== facility || current.number !== match.matchNumber) {
    return { draft: fresh, other: true, changed: true };
  }
  if (current.seen === fresh.seen) return { draft: current, other: false, changed: false };
  if (!current.typed && !busy) return { draft: fresh, other: false, changed: true };
  const mine = typedScores(current);
  const agreed = mine !== undefined && sameScores(mine, fresh.expected);
  return {
    draft: {
      ...current,
      seen: fresh.seen,
      locked: fresh.locked,
      ...(agreed ? { expected: fresh.expected } : {}),
    },
    other: false,
    changed: true,
  };
}
