import type { Env } from "./env.ts";
import { errorResponse } from "./http.ts";
import { isValidKey, KEY_RULE } from "./keys.ts";
import { pushRefusal } from "./secret.ts";

/** A day's event and day keys, from a `/<route>/<event>/<day>` path. */
export interface DayKey {
  event: string;
  day: string;
}

/**
 * The checks every pushed `POST /<route>/<event>/<day>` starts with: the path (`pattern`, whose two
 * groups are the event and the day), the method, the keys and `X-Publish-Secret`, in that order.
 * @returns `undefined` for another path, the refusal to answer, or the day's key.
 */
export async function dayPost(
  request: Request,
  env: Env,
  pattern: RegExp,
): Promise<DayKey | Response | undefined> {
  const path = pattern.exec(new URL(request.url).pathname);
  if (path === null) return undefined;
  if (request.method !== "POST") return errorResponse("method_not_allowed", "use POST", { allow: "POST" });
  const key = { event: path[1] ?? "", day: path[2] ?? "" };
  if (!isValidKey(key)) return errorResponse("bad_request", KEY_RULE);
  const refusedPush = await pushRefusal(request, env);
  if (refusedPush !== undefined) return refusedPush;
  return key;
}
