/**
 * The live relay worker: routes sockets, pushes and nudges to one Durable Object per channel.
 *
 * - `GET /live/<event>/<day>` (WebSocket): the snapshot channel, object `live:<event>/<day>`.
 * - `GET /attendance/<event>/<day>` (WebSocket): the nudge channel, object `attendance:<event>/<day>`.
 * - `POST /publish/<event>/<day>` and `POST /nudge/<event>/<day>`: need `X-Publish-Secret`; answer `{ clients }`.
 * - `PUT /days`: needs `X-Publish-Secret`; the days the service's registry has (`announced-days.ts`).
 *   A socket is accepted only for an announced day; a publish or nudge announces its day too.
 * - `POST` and `DELETE /leases/<key>`: a workbook's score-save lease (`score-lease.ts`), object `lease:<key>`.
 * - `POST /points/<event>/<day>`: needs `X-Publish-Secret`; a match's live point (`points-route.ts`).
 * - `POST /notices/<event>/<day>`: needs `X-Publish-Secret`; a notice for every open page of the day (`notices-route.ts`).
 * - `GET /health`: `{ status: "ok" }`.
 */

import { announceDays, isAnnounced, rememberDay } from "./announced-days.ts";
import type { Env } from "./env.ts";
import { errorResponse, json, RelayError, readJson } from "./http.ts";
import { type ChannelKey, type ChannelKind, dayName, isValidKey, KEY_RULE, objectName } from "./keys.ts";
import { noticesRoute } from "./notices-route.ts";
import { originAllowed } from "./origins.ts";
import { pointsRoute } from "./points-route.ts";
import { leaseRoute } from "./score-lease.ts";
import { pushRefusal } from "./secret.ts";

export { AttendanceChannel } from "./attendance-channel.ts";
export { DayDirectory } from "./day-directory.ts";
export type { Env } from "./env.ts";
export { LiveChannel } from "./live-channel.ts";
export { ScoreLease } from "./score-lease.ts";

// The module's exports are the worker's entry points, so constants stay private.
/** Largest snapshot push accepted, in bytes. */
const PUBLISH_LIMIT = 5 * 1024 * 1024;
/** Largest nudge body accepted, in bytes. */
const NUDGE_LIMIT = 4 * 1024;
/** Largest announcement, in bytes and in days. */
const DAYS_LIMIT = 256 * 1024;
const DAYS_MAX = 2_000;

const CHANNEL_PATH = /^\/(live|attendance|publish|nudge)\/([^/]+)\/([^/]+)$/;

export default {
  async fetch(request, env): Promise<Response> {
    try {
      return await route(request, env);
    } catch (error) {
      if (error instanceof RelayError) return errorResponse(error.code, error.message);
      throw error;
    }
  },
} satisfies ExportedHandler<Env>;

async function route(request: Request, env: Env): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === "/health") {
    return refuseMethod(request, ["GET", "HEAD"]) ?? json({ status: "ok" });
  }
  if (pathname === "/days") {
    const refused = refuseMethod(request, ["PUT"]);
    if (refused !== undefined) return refused;
    const refusedPush = await pushRefusal(request, env);
    if (refusedPush !== undefined) return refusedPush;
    return json({ days: await announceDays(env, await announcedList(request)) });
  }
  const match = CHANNEL_PATH.exec(pathname);
  if (match === null) {
    const answered =
      (await leaseRoute(request, env)) ??
      (await pointsRoute(request, env)) ??
      (await noticesRoute(request, env));
    return answered ?? errorResponse("not_found", `no route for ${pathname}`);
  }
  const [, action, event = "", day = ""] = match;
  const key = { event, day };
  const socket = action === "live" || action === "attendance";
  const refused = refuseMethod(request, socket ? ["GET"] : ["POST"]);
  if (refused !== undefined) return refused;
  if (!isValidKey(key)) return errorResponse("bad_request", KEY_RULE);
  if (action === "live" || action === "attendance") return connect(request, env, action, key);
  const refusedPush = await pushRefusal(request, env);
  if (refusedPush !== undefined) return refusedPush;
  const answer = await (action === "publish" ? publish(request, env, key) : nudge(request, env, key));
  await rememberDay(env, key);
  return answer;
}

function refuseMethod(request: Request, allowed: string[]): Response | undefined {
  if (allowed.includes(request.method)) return undefined;
  return errorResponse("method_not_allowed", `use ${allowed.join(" or ")}`, { allow: allowed.join(", ") });
}

async function connect(request: Request, env: Env, kind: ChannelKind, key: ChannelKey): Promise<Response> {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return errorResponse("upgrade_required", "this path only accepts a WebSocket upgrade", {
      upgrade: "websocket",
    });
  }
  if (!originAllowed(request.headers.get("origin"), env.LIVE_ALLOWED_ORIGINS)) {
    return errorResponse("forbidden", "this origin may not open a socket");
  }
  // Checked last, as it may cost the one directory call: a made-up day makes no channel object.
  if (!(await isAnnounced(env, key))) {
    return errorResponse("not_found", `the service has announced no day ${dayName(key)}`);
  }
  const namespace = kind === "live" ? env.LIVE_CHANNEL : env.ATTENDANCE_CHANNEL;
  return namespace.get(namespace.idFromName(objectName(kind, key))).fetch(request);
}

async function publish(request: Request, env: Env, key: ChannelKey): Promise<Response> {
  const { text, value } = await readJson(request, PUBLISH_LIMIT);
  const generatedAt =
    isRecord(value) && typeof value.generatedAt === "string" ? Date.parse(value.generatedAt) : NaN;
  if (!Number.isFinite(generatedAt)) {
    throw new RelayError(
      "bad_request",
      "the snapshot must be a JSON object with generatedAt, an ISO timestamp",
    );
  }
  const stub = env.LIVE_CHANNEL.get(env.LIVE_CHANNEL.idFromName(objectName("live", key)));
  return json(await stub.publish(text, generatedAt));
}

async function nudge(request: Request, env: Env, key: ChannelKey): Promise<Response> {
  const { value } = await readJson(request, NUDGE_LIMIT);
  const facility = isRecord(value) ? value.facility : undefined;
  if (typeof facility !== "string" || facility.trim() === "") {
    throw new RelayError("bad_request", "the body must be { facility } with a non-empty facility name");
  }
  const stub = env.ATTENDANCE_CHANNEL.get(env.ATTENDANCE_CHANNEL.idFromName(objectName("attendance", key)));
  return json(await stub.nudge(facility));
}

/** The body of `PUT /days`: `{ days: ["<event>/<day>", …] }`, each key valid, at most {@link DAYS_MAX}. */
async function announcedList(request: Request): Promise<string[]> {
  const { value } = await readJson(request, DAYS_LIMIT);
  const days = isRecord(value) ? value.days : undefined;
  const valid = (day: unknown) => {
    const [event = "", dayKey = "", ...rest] = typeof day === "string" ? day.split("/") : [];
    return rest.length === 0 && isValidKey({ event, day: dayKey });
  };
  if (!Array.isArray(days) || days.length > DAYS_MAX || !days.every(valid)) {
    throw new RelayError(
      "bad_request",
      `the body must be { days: ["<event>/<day>", …] }, at most ${DAYS_MAX}; ${KEY_RULE}`,
    );
  }
  return days as string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
