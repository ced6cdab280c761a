import type { AppContext } from "../../app-context.ts";
import type { Rows } from "../../ports/spreadsheet.ts";
import type { DayRef, Facility } from "../../registry/types.ts";

/** The time bound of each post-sync hook (spec: Limits, "Post-sync hook time bound"). */
export const HOOK_BOUND_MS = 6_000;

/**
 * Runs every `ctx.afterFacilitySync` hook for one synced facility, all at once, each bounded to
 * `HOOK_BOUND_MS` by a timer. Never throws: a failure or an overrun is logged and the sync goes on
 * (an overrunning hook keeps running on its own; it just no longer holds the response).
 * @example await runAfterFacilitySync(ctx, ref, facility, tabs); // settles within 6 s
 */
export function runAfterFacilitySync(
  ctx: AppContext,
  ref: DayRef,
  facility: Facility,
  tabs: ReadonlyMap<string, Rows | undefined>,
  boundMs = HOOK_BOUND_MS,
): Promise<void> {
  if (ctx.afterFacilitySync.length === 0) return Promise.resolve();
  const synced = {
    eventKey: ref.eventKey,
    event: ref.event,
    dayKey: ref.dayKey,
    day: ref.day,
    facility,
    tabs,
  };
  const bounded = ctx.afterFacilitySync.map(
    (hook) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          ctx.logger.warn(
            { day: ref.dayKey, facility: facility.name, boundMs },
            "post-sync hook overran its bound",
          );
          resolve();
        }, boundMs);
        Promise.resolve()
          .then(() => hook(synced))
          .catch((error: unknown) => {
            ctx.logger.warn(
              { err: error, day: ref.dayKey, facility: facility.name },
              "post-sync hook failed",
            );
          })
          .finally(() => {
            clearTimeout(timer);
            resolve();
          });
      }),
  );
  return Promise.all(bounded).then(() => undefined);
}
