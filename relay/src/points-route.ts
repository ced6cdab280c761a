import { dayPost } from "./day-post.ts";
import type { Env } from "./env.ts";
import { json, RelayError, readJson } from "./http.ts";
import { objectName } from "./keys.ts";
import type { PointUpdate } from "./live-points/latest-points.ts";

const POINTS_PATH = /^\/points\/([^/]+)\/([^/]+)$/;
/** Largest point body accepted, in bytes. */
const POINT_LIMIT = 1024;
const MAX_NAME = 200;
const MAX_MATCH_NUMBER = 40;
const MAX_SEQ = 1_000_000_000;

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
const isName = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.trim() !== "" && value.length <= max;

/** A body's match: `{ facility, matchNumber }`, both non-empty text. */
function matchOf(body: Record<string, unknown>): { facility: string; matchNumber: string } {
  const { facility, matchNumber } = body;
  if (!isName(facility, MAX_NAME) || !isName(matchNumber, MAX_MATCH_NUMBER)) {
    throw new RelayError(
      "bad_request",
      `facility and matchNumber must be non-empty text (at most ${MAX_NAME} and ${MAX_MATCH_NUMBER} characters)`,
    );
  }
  return { facility, matchNumber };
}

/** A point body: the match, `seq` 1 to 10⁹, points 0 to 99, `game` 1 to 9 or null, `serving` 1, 2 or null. */
function pointOf(body: Record<string, unknown>): PointUpdate {
  const { seq, team1Points, team2Points, game = null, serving = null } = body;
  const known = new Set(["facility", "matchNumber", "seq", "team1Points", "team2Points", "game", "serving"]);
  if (
    !isWhole(seq, 1, MAX_SEQ) ||
    !isWhole(team1Points, 0, 99) ||
    !isWhole(team2Points, 0, 99) ||
    !(game === null || isWhole(game, 1, 9)) ||
    !(serving === null || serving === 1 || serving === 2) ||
    Object.keys(body).some((member) => !known.has(member))
  ) {
    throw new RelayError(
      "bad_request",
      "a point is { facility, matchNumber, seq (1 to 10^9), team1Points, team2Points (0 to 99), game?, serving? }",
    );
  }
  return { ...matchOf(body), seq, team1Points, team2Points, game, serving };
}

/**
 * `POST /points/<event>/<day>` (needs `X-Publish-Secret`): a match's live point, `{ facility,
 * matchNumber, seq, team1Points, team2Points, game?, serving? }`, answered `{ accepted, point, ended }`;
 * or `{ facility, matchNumber, ended: true }`, which drops the match's live state, answered
 * `{ ended }`. Both go to the day's snapshot channel, `live:<event>/<day>`. `undefined` for another path.
 */
export async function pointsRoute(request: Request, env: Env): Promise<Response | undefined> {
  const key = await dayPost(request, env, POINTS_PATH);
  if (key === undefined || key instanceof Response) return key;
  const { value } = await readJson(request, POINT_LIMIT);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RelayError("bad_request", "the body must be a JSON object");
  }
  const body = value as Record<string, unknown>;
  const channel = env.LIVE_CHANNEL.get(env.LIVE_CHANNEL.idFromName(objectName("live", key)));
  if (body.ended === true && Object.keys(body).length === 3)
    return json(await channel.endLivePoint(matchOf(body)));
  return json(await channel.livePoint(pointOf(body)));
}
