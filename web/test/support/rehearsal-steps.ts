/**
 * The steps of a rehearsal (web/test/browser/venue-day.test.ts): each is a `node:test` test that
 * plays on from the one before, on the same stack, pages and phones. Once a step fails, the steps
 * after it are skipped, naming the step that failed, so the run reports one failure with that
 * step's own message rather than a cascade of time-outs from pages left half-way.
 */
import { test } from "node:test";

/** A `step(name, play)` for one rehearsal: `test`, skipped after the first step that failed. */
export function rehearsalSteps(): (name: string, play: () => Promise<void> | void) => void {
  let failed: string | undefined;
  return (name, play) =>
    test(name, async (t) => {
      if (failed !== undefined) {
        t.skip(`not played: the step “${failed}” failed`);
        return;
      }
      try {
        await play();
      } catch (error) {
        failed = name;
        throw error;
      }
    });
}
