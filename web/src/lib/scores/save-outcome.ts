/**
 * What came of a score save, for every score form (the umpire's score page and the console's
 * score screen): the score PUT itself (the scores on screen sent as `expected`, bounded by
 * {@link SAVE_TIMEOUT_MS}), a save that landed (with who wrote it now and whose score it
 * replaced), a sheet that changed meanwhile (409 `score_conflict`, with what it holds now and
 * who wrote that), or a refusal in the page's own words.
 */
import { type Api, ApiError } from "../api/client.ts";
import { type Draft, type Scores, sameScores } from "./score-draft.ts";

/** A save waits for the facility to be published (the archive commit may be spaced by several seconds). */
export const SAVE_TIMEOUT_MS = 60_000;

/** What came of a save. */
export type SaveOutcome =
  | {
      kind: "saved";
      scores: Scores;
      /** Who wrote it now, and who wrote the score it replaced (`null`: no note), `<label> · yyyy-MM-dd HH:mm`. */
      note: string | null;
      previousNote: string | null;
      /** The facility was published with it (else the next sync publishes it). */
      published: boolean;
    }
  | { kind: "conflict"; current: Scores; note: string | null }
  | { kind: "problem"; text: string };

/** The sentences a page says for refusals that mean something else on each page. */
export interface RefusalWords {
  /** 401: the link or sign-in no longer works. */
  unauthorized?: string;
  /** 403 other than `score_entry_off`. */
  forbidden?: string;
  /** 403 `score_entry_off`. */
  entryOff: string;
  /** No answer at all. */
  unreachable: string;
}

/**
 * Sends a form's scores with the scores it showed as `expected`: the score PUT's request, for
 * the page to await through its own caller (the console's signs out on a 401).
 */
export function putScore(
  api: Api,
  day: string,
  form: Pick<Draft, "facility" | "number" | "expected">,
  scores: Scores,
) {
  return api.PUT("/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/score", {
    params: { path: { day, facility: form.facility, matchNumber: form.number } },
    body: { expected: form.expected, ...scores },
    signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
  });
}

/** The answer of a save that landed, as its outcome. */
export function savedOutcome(saved: {
  team1Score: number | null;
  team2Score: number | null;
  note: string | null;
  previousNote: string | null;
  published: object;
}): Extract<SaveOutcome, { kind: "saved" }> {
  return {
    kind: "saved",
    scores: { team1Score: saved.team1Score, team2Score: saved.team2Score },
    note: saved.note,
    previousNote: saved.previousNote,
    published: !("error" in saved.published),
  };
}

/** What a refused or failed save says, in `words` where the page has its own. */
export function refusedOutcome(error: unknown, words: RefusalWords): SaveOutcome {
  if (!(error instanceof ApiError)) return { kind: "problem", text: `Not saved. ${String(error)}` };
  const problem = error.problem;
  if (problem?.code === "score_conflict" && isRecord(problem.current)) {
    return {
      kind: "conflict",
      current: {
        team1Score: scoreOf(problem.current.team1Score),
        team2Score: scoreOf(problem.current.team2Score),
      },
      note: typeof problem.note === "string" ? problem.note : null,
    };
  }
  const text =
    error.status === 0
      ? words.unreachable
      : problem?.code === "score_entry_off"
        ? words.entryOff
        : error.status === 401
          ? words.unauthorized
          : error.status === 403
            ? words.forbidden
            : undefined;
  return { kind: "problem", text: text ?? `Not saved. ${error.message}` };
}

const scoreOf = (value: unknown) => (typeof value === "number" ? value : null);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A saved score the sheet no longer holds: someone saved over it (who and when once asked: `note`). */
export interface Replaced {
  kind: "replaced";
  /** What this form saved, and who it was written as. */
  mine: Scores;
  mineNote: string | null;
  /** What the sheet holds now. */
  current: Scores;
  /** Who wrote it, `<label> · yyyy-MM-dd HH:mm`; `undefined` while the page asks, `null` when no one can say. */
  note: string | null | undefined;
}

/**
 * The outcome once the sheet holds `sheet`: a saved score it no longer holds is replaced (the
 * banner never claims a score that is not on the sheet); a replaced one the sheet holds again is
 * saved again; anything else stays.
 */
export function outcomeOnSheet(outcome: Outcome | undefined, sheet: Scores): Outcome | undefined {
  if (outcome?.kind === "saved" && !sameScores(outcome.scores, sheet)) {
    return {
      kind: "replaced",
      mine: outcome.scores,
      mineNote: outcome.note,
      current: sheet,
      note: undefined,
    };
  }
  if (outcome?.kind === "replaced") {
    if (sameScores(outcome.mine, sheet)) {
      return { kind: "saved", scores: sheet, note: outcome.mineNote, previousNote: null, published: true };
    }
    if (!sameScores(outcome.current, sheet)) return { ...outcome, current: sheet, note: undefined };
  }
  return outcome;
}

/** Every outcome a form shows: a save's, or a saved score replaced since. */
export type Outcome = SaveOutcome | Replaced;

/**
 * Who wrote the score that replaced `mine`: the score PUT of `mine` over `mine` changes nothing
 * (a repeat succeeds without a write, a changed sheet is 409 `score_conflict` with what it holds
 * and its note), so it reads the note no GET gives. `undefined` when the sheet holds `mine` again;
 * `null` note when it cannot be told (offline, refused).
 */
export async function askWhoReplaced(
  request: Promise<{ data?: unknown; error?: unknown; response: Response }>,
  call: (request: Promise<{ data?: unknown; error?: unknown; response: Response }>) => Promise<unknown>,
): Promise<{ current?: Scores; note: string | null } | undefined> {
  try {
    await call(request);
    return undefined;
  } catch (error) {
    const outcome = refusedOutcome(error, { entryOff: "", unreachable: "" });
    return outcome.kind === "conflict" ? { current: outcome.current, note: outcome.note } : { note: null };
  }
}
