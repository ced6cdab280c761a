/**
 * Desk and scorer links as pages receive them: `<page>/#<token>`, the token in the fragment so it
 * never reaches a server log or a `Referer`. The token is `<base64url(JSON payload)>.<signature>`;
 * its payload (`exp`, `scope`, `day`, and `to`, `note` when given) is signed, not secret, so a page
 * decodes it to say who the link is for and until when. Only the service verifies the signature.
 * The scopes and the payload are the service's (`@tournament-ops/service/link-rules`).
 */

import { type DayClaims, LINK_SCOPES, type LinkKind } from "@tournament-ops/service/link-rules";

/**
 * A link a page holds: its token and what its payload says (the service's `DayClaims`, the kind
 * read from its scope; `to` is the link's `issuedTo`).
 */
export type DecodedLink = Omit<DayClaims, "scope"> & { token: string; kind: LinkKind };

const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The token a person gave: the fragment of a link's address (`#…`), a whole link pasted, or the
 * token alone. `undefined` when there is none.
 * @example tokenFrom("https://results.example/desk/#eyJleHAi….sig") // "eyJleHAi….sig"
 */
export function tokenFrom(text: string): string | undefined {
  const trimmed = text.trim();
  const hash = trimmed.indexOf("#");
  const token = (hash >= 0 ? trimmed.slice(hash + 1) : trimmed).trim();
  return TOKEN.test(token) ? token : undefined;
}

/**
 * Decodes a link's payload; `undefined` when the token is not a day link's.
 * @example decodeLink(token) // { token, kind: "desk", exp: 1795881600000, day: "open-sun", to: "Front desk" }
 */
export function decodeLink(token: string): DecodedLink | undefined {
  if (!TOKEN.test(token)) return undefined;
  let payload: Record<string, unknown>;
  try {
    const base64 = (token.split(".")[0] as string).replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof payload !== "object" || payload === null) return undefined;
  const { exp, scope, day, to, note } = payload;
  const kind = (Object.keys(LINK_SCOPES) as LinkKind[]).find((name) => LINK_SCOPES[name] === scope);
  if (kind === undefined || typeof exp !== "number" || typeof day !== "string" || day === "")
    return undefined;
  return {
    token,
    kind,
    exp,
    day,
    ...(typeof to === "string" && to !== "" ? { to } : {}),
    ...(typeof note === "string" && note !== "" ? { note } : {}),
  };
}

/** True once the link's expiry has passed at `now` (the service refuses it from `exp` on). */
export function hasExpired(link: Pick<DecodedLink, "exp">, now: number): boolean {
  return now >= link.exp;
}
