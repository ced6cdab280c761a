/**
 * What a tap on the court board sends: a call, a move or a cancel is the call PUT (`PUT
 * …/matches/{n}/call`, its answer the call as the `CALLS` tab now holds it); a Start is the live
 * state 0–0 with `seq` 1 (`PUT …/matches/{n}/live`), as the point counter's first, which sets the
 * call `playing` with its start time (docs/courts.md). A counter that sent points first keeps
 * them: a seq not above the last changes nothing, and the match is started already.
 */
import type { paths } from "../../lib/api/schema.d.ts";
import { type Call, callTime } from "../../lib/courts/calls.ts";
import type { CallAction } from "./call-words.ts";
import type { SessionStore } from "./session.ts";

/** The call PUT's answer, as the service's OpenAPI document gives it. */
type CallAnswer =
  paths["/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/call"]["put"]["responses"][200]["content"]["application/json"];

/** The call PUT's answer as the pages read a `CALLS` row. */
export function answeredCall(answer: CallAnswer): Call {
  return {
    matchNumber: String(answer.matchNumber),
    court: answer.court,
    state: answer.state.toLowerCase(),
    calledAt: callTime(answer.calledAt ?? ""),
    startedAt: callTime(answer.startedAt ?? ""),
    endedAt: callTime(answer.endedAt ?? ""),
    calledBy: answer.calledBy ?? "",
  };
}

/** Sends `action` for `day`; the call as the service answered it, or `undefined` for a Start (the relay's live point shows it). */
export async function sendTap(
  { api, operatorCall }: Pick<SessionStore, "api" | "operatorCall">,
  day: string,
  action: CallAction & { facility: string },
): Promise<Call | undefined> {
  const path = { day, facility: action.facility, matchNumber: action.matchNumber };
  if (action.kind === "start") {
    await operatorCall(
      api().PUT("/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/live", {
        params: { path },
        body: { seq: 1, team1Points: 0, team2Points: 0, game: 1 },
      }),
    );
    return undefined;
  }
  const answer = await operatorCall(
    api().PUT("/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/call", {
      params: { path },
      body: { court: action.kind === "call" ? action.court : null },
    }),
  );
  return answeredCall(answer);
}
