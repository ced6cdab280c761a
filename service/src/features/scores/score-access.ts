import type { Principal } from "../../auth/guard.ts";
import type { Event } from "../../registry/types.ts";
import { AppError } from "../../shared/errors.ts";

/**
 * The `scoreEntry` check made on every use of score entry: off (absent) is 403 `score_entry_off`;
 * a scorer is accepted only while the event is `links` and only for its own day, else 403
 * `forbidden`. Operators pass whenever score entry is on.
 * @example checkScoreEntry(ref.event, "open-sat", request.principal);
 */
export function checkScoreEntry(event: Event, dayKey: string, principal: Principal): void {
  if (event.scoreEntry === undefined)
    throw new AppError("score_entry_off", "score entry is off for this event");
  if (principal.kind === "operator") return;
  if (principal.kind !== "scorer")
    throw new AppError("forbidden", "only operators and scorer links may enter scores");
  if (event.scoreEntry !== "links") {
    throw new AppError(
      "forbidden",
      "scorer links are stopped: this event's scores are entered in the operator console",
    );
  }
  if (principal.day !== dayKey) throw new AppError("forbidden", "this scorer link is for another day");
}
