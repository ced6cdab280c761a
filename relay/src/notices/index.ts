/**
 * The relay's notices (`docs/live-messages.md`, "Notices"): what the service tells every open page
 * of a day at once, beside its snapshots and nudges, so a page never waits for its next request
 * to learn it. Made by the relay's notices route (`POST /notices/<event>/<day>`), sent on both the
 * snapshot channel and the attendance channel, read by the pages through this module.
 *
 * - `scoreEntry`: the event's score-entry mode just changed (`console` or `links`).
 * - `revoked`: ids of desk or scorer links just revoked (the SHA-256 of a token, base64url: the
 *   id the service keeps in the day's public link list, never a token).
 */

/** The `type` of a notice message. */
export const NOTICE_TYPE = "notice";

export interface NoticeMessage {
  type: typeof NOTICE_TYPE;
  scoreEntry?: "console" | "links";
  revoked?: string[];
}

/** The most link ids one notice carries (a day's list holds at most 500 links). */
export const MAX_REVOKED = 500;

const LINK_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * A notice as the route takes it and the pages read it, or `undefined` when `value` is not one:
 * `scoreEntry` `console` or `links`, `revoked` up to {@link MAX_REVOKED} link ids, at least one of them.
 */
export function noticeOf(value: unknown): NoticeMessage | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { scoreEntry, revoked, ...rest } = value as Record<string, unknown>;
  delete rest.type;
  if (Object.keys(rest).length > 0) return undefined;
  if (scoreEntry !== undefined && scoreEntry !== "console" && scoreEntry !== "links") return undefined;
  const ids = revoked === undefined ? undefined : revoked;
  if (
    ids !== undefined &&
    !(
      Array.isArray(ids) &&
      ids.length <= MAX_REVOKED &&
      ids.every((id) => typeof id === "string" && LINK_ID.test(id))
    )
  )
    return undefined;
  if (scoreEntry === undefined && ids === undefined) return undefined;
  return {
    type: NOTICE_TYPE,
    ...(scoreEntry === undefined ? {} : { scoreEntry }),
    ...(ids === undefined ? {} : { revoked: ids as string[] }),
  };
}

/** A message from a channel is a notice. */
export const isNoticeMessage = (message: unknown): message is NoticeMessage =>
  typeof message === "object" &&
  message !== null &&
  (message as { type?: unknown }).type === NOTICE_TYPE &&
  noticeOf(message) !== undefined;
