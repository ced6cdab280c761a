/** What a refused score save says on the umpire's score page (`lib/scores/save-outcome.ts`). */
import type { RefusalWords } from "../lib/scores/save-outcome.ts";

export const SCORE_PAGE_REFUSALS: RefusalWords = {
  unauthorized: "Not saved: the scorer link no longer works.",
  forbidden:
    "Not saved: scorer links are switched off for now, and the control desk enters the scores. Write the score on the scoresheet and hand it in.",
  entryOff:
    "Not saved: score entry is switched off for this event. Write the score on the scoresheet and hand it to the control desk.",
  unreachable: "Not saved: the service cannot be reached. Check the connection, then tap Save again.",
};

/** What the page says when a save meets a link the service refuses (it is forgotten, and the page asks for one). */
export const linkRefusedSentence = (revoked: boolean) =>
  `${revoked ? "This scorer link was revoked by the control desk" : "This scorer link has expired or is no longer valid"}, so the score was not saved. Ask the control desk for a new link, open it on this phone, then save again.`;
