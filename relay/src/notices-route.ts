import { dayPost } from "./day-post.ts";
import type { Env } from "./env.ts";
import { json, RelayError, readJson } from "./http.ts";
import { objectName } from "./keys.ts";
import { MAX_REVOKED, noticeOf } from "./notices/index.ts";

const NOTICES_PATH = /^\/notices\/([^/]+)\/([^/]+)$/;
/** Largest notice body accepted, in bytes: {@link MAX_REVOKED} link ids and a little more. */
const NOTICE_LIMIT = 32 * 1024;

/**
 * `POST /notices/<event>/<day>` (needs `X-Publish-Secret`): a notice for every open page of the
 * day (`notices/index.ts`), `{ scoreEntry?, revoked? }`, broadcast as `{ type: "notice", … }` to
 * the sockets of both the snapshot channel and the attendance channel; stored nowhere. Answers
 * `{ clients }`. `undefined` for another path.
 */
export async function noticesRoute(request: Request, env: Env): Promise<Response | undefined> {
  const key = await dayPost(request, env, NOTICES_PATH);
  if (key === undefined || key instanceof Response) return key;
  const { value } = await readJson(request, NOTICE_LIMIT);
  const notice = noticeOf(value);
  if (notice === undefined) {
    throw new RelayError(
      "bad_request",
      `a notice is { scoreEntry?: "console" | "links", revoked?: [link id, …] (at most ${MAX_REVOKED}) }, at least one of them`,
    );
  }
  const text = JSON.stringify(notice);
  const live = env.LIVE_CHANNEL.get(env.LIVE_CHANNEL.idFromName(objectName("live", key)));
  const attendance = env.ATTENDANCE_CHANNEL.get(
    env.ATTENDANCE_CHANNEL.idFromName(objectName("attendance", key)),
  );
  const [one, two] = await Promise.all([live.notice(text), attendance.notice(text)]);
  return json({ clients: one.clients + two.clients });
}
