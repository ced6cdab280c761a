/**
 * The demo's Saturday made ready for scoring on a running stack, as the browser tests of the score
 * page and the console's score screen need it: signed in, the day public and synced, scorer links
 * issued through the API, and the address a match's scoresheet QR code opens.
 */
import assert from "node:assert/strict";
import type { RunningStack } from "./stack.ts";

/** The day scored (the demo's Saturday) and the hall its tests score in. */
export const SCORED_DAY = "open-sat";
export const SCORED_HALL = "Rizal Hall";

/** Signs in, makes the Saturday public and syncs it from its workbooks (edit those before). */
export async function liveSaturday(run: RunningStack): Promise<void> {
  await run.signIn();
  assert.equal((await run.api("PUT", `/v3/days/${SCORED_DAY}/visibility`, { isLive: true })).status, 200);
  assert.equal((await run.api("POST", `/v3/days/${SCORED_DAY}/syncs`)).status, 200);
}

/** A scorer link of the Saturday issued to `issuedTo`: its token. */
export async function scorerLink(run: RunningStack, issuedTo: string): Promise<string> {
  const link = await run.api("POST", `/v3/days/${SCORED_DAY}/scores/scorer-links`, { issuedTo });
  assert.equal(link.status, 201);
  return link.body.token as string;
}

/** The score page at match `match` of the hall, as its scoresheet's QR code opens it. */
export const matchAddress = (run: RunningStack, match: number) =>
  `${run.stack.pages["score"]}?${new URLSearchParams({ facility: SCORED_HALL, match: String(match) })}`;
