/**
 * Names for the bodies of the `/v3` routes pages use, read off the generated `schema.d.ts`, so a
 * page says `SyncReport` instead of a path into `paths`.
 */
import type { paths } from "./schema.d.ts";

type Json<T> = T extends { content: { "application/json": infer Body } } ? Body : never;
type Ok<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  responses: infer R;
}
  ? R extends { 200: infer A }
    ? Json<A>
    : R extends { 201: infer B }
      ? Json<B>
      : never
  : never;

/** One person of a facility's attendance list (the spec's Person). */
export type Person = Ok<"/v3/days/{day}/facilities/{facility}/people", "get">[number];
/** The answer of a day or facility sync. */
export type SyncReport = Ok<"/v3/days/{day}/syncs", "post">;
/** The answer of a go-live change. */
export type VisibilityReport = Ok<"/v3/days/{day}/visibility", "put">;
/** The live-push switch. */
export type LivePush = Ok<"/v3/settings/live-push", "get">;
/** An event's score-entry mode. */
export type ScoreEntry = Ok<"/v3/events/{event}/score-entry", "get">;
/** The sync diagnostics report. */
export type Diagnostics = Ok<"/v3/diagnostics/sync", "get">;
/** The preflight: every check of the production setup, with the fix of each failure. */
export type Preflight = Ok<"/v3/diagnostics/preflight", "get">;
/** The answer of an attendance reconciliation. */
export type Reconciliation = Ok<"/v3/days/{day}/attendance/reconciliations", "post">;
/** An operator session. */
/** The session a tab keeps: the sign-in's answer without its device proof (kept apart, in `localStorage`). */
export type Session = Omit<Ok<"/v3/sessions", "post">, "deviceProof">;
/** A desk or scorer link as issued (the only time its token is seen). */
export type IssuedLink = Ok<"/v3/days/{day}/attendance/desk-links", "post">;
/** The links issued for a day (never their tokens). */
export type LinkList = Ok<"/v3/days/{day}/links", "get">;
/** One issued link as the operator sees it. */
export type Link = LinkList["links"][number];
/** The answer of a revocation. */
export type Revocation = Ok<"/v3/days/{day}/links/{linkId}/revocation", "put">;
/** A match called to a court, as the call PUT answers it (a row of the facility's `CALLS` tab). */
export type SavedCall = Ok<"/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/call", "put">;
/** A match's live state as the live PUT answers it. */
export type LiveState = Ok<"/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/live", "put">;
