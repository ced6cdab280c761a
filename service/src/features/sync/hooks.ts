import type { FacilityHook, FacilitySynced } from "./types.ts";

/** The time bound of each post-sync hook (spec: Limits, "Post-sync hook time bound"). */
export const HOOK_BOUND_MS = 6_000;

/**
 * Runs every hook for one synced facility, all at once, each bounded to `HOOK_BOUND_MS` by a
 * timer. Never throws: a failure or an overrun is logged and the sync goes on (an overrunning hook
 * keeps running on its own, its later failure still caught; it just no longer holds the response).
 * @example await runAfterFacilitySync(hooks, logger, { ...ref, facility }); // settles within 6 s
 */
export function runAfterFacilitySync(
  hooks: readonly FacilityHook[],
  logger: { warn(object: object, message: string): void },
  synced: FacilitySynced,
  boundMs = HOOK_BOUND_MS,
): Promise<void> {
  const where = { day: synced.dayKey, facility: synced.facility.name };
  const bounded = hooks.map(
    (hook) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          logger.warn({ ...where, boundMs }, "post-sync hook overran its bound");
          resolve();
        }, boundMs);
        Promise.resolve()
          .then(() => hook(synced))
          .catch((error: unknown) => logger.warn({ err: error, ...where }, "post-sync hook failed"))
          .finally(() => {
            clearTimeout(timer);
            resolve();
          });
      }),
  );
  return Promise.all(bounded).then(() => undefined);
}
