import { createHash } from "node:crypto";

/**
 * A desk or scorer link's id: the SHA-256 of its token, base64url (43 characters). The token's
 * payload keeps exactly the spec's members, so a link is named by a digest of the token itself;
 * the digest cannot be turned back into the token, so it can be kept and shown where the token
 * must never be (the public data repository, an operator's list).
 * @example linkIdOf("eyJleHAiOj….sig") // "q3Xr…" (43 characters)
 */
export function linkIdOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * An operator session's id: the same digest of its operator token, kept in the signed-out sessions'
 * list (`signed-out-file.ts`) for the same reason, the list being public.
 */
export const sessionIdOf = linkIdOf;
