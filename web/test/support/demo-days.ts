/** The demo's days made ready for the spectators' tests on a running stack. */
import assert from "node:assert/strict";
import type { RunningStack } from "./stack.ts";

/**
 * Signs in, makes the demo's Saturday public and syncs it and the knockout day; the Saturday's date.
 * @example const saturday = await publicSaturday(run); // "2026-11-28"
 */
export async function publicSaturday(run: RunningStack): Promise<string> {
  await run.signIn();
  const registry = await (await fetch(`${run.stack.front}/config/events.json`)).json();
  assert.equal((await run.api("PUT", "/v3/days/open-sat/visibility", { isLive: true })).status, 200);
  for (const day of ["open-sat", "open-ko"])
    assert.equal((await run.api("POST", `/v3/days/${day}/syncs`)).status, 200);
  return registry.events["junior-open"].days["open-sat"].date;
}
