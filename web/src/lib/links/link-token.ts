/**
 * Desk and scorer links as pages receive them: `<page>/#<token>`, the token in the fragment so it
 * never reaches a server log or a `Referer`. The token is `<base64url(JSON payload)>.<signature>`;
 * its payload (`exp`, `scope`, `day`, and `to`, `note` when given) is signed, not secret, so a page
 * decodes it to say who the link is for and until when. Only the service verifies the signature.
 */

/** The scope signed into each kind of day link. */
export const LINK_SCOPES = { desk: "attendance-desk", scorer: "score-desk" } as const;
export type LinkKind = keyof typeof LINK_SCOPES;

/** A link's token and what its payload says. */
export interface DayLink {
  token: string;
  kind: LinkKind;
  /** Expiry, epoch milliseconds. */
  exp: number;
  day: string;
  /** `issuedTo`, when the link was given one. */
  to?: string;
  note?: string;
}

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
export function decodeLink(token: string): DayLink | undefined {
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
export function hasExpired(link: Pick<DayLink, "exp">, now: number): boolean {
  return now >= link.exp;
}
