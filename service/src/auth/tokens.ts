import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { AppError } from "../shared/errors.ts";
import { type DayClaims, LINK_SCOPES } from "../shared/link-rules.ts";

/**
 * The service's HMAC-signed bearer tokens (not JWTs): `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`.
 * Each kind is signed with its own key, HKDF-SHA256 of `AUTH_TOKEN_SECRET` with the kind's info
 * string, so the kinds never verify as each other.
 */
export type TokenKind = "operator" | "desk" | "scorer";

const KEY_INFO: Record<TokenKind, string> = {
  operator: "operator",
  desk: LINK_SCOPES.desk,
  scorer: LINK_SCOPES.scorer,
};

/**
 * The operator payload (members beyond `exp` are the service's own; never a `scope`): its expiry,
 * when it was issued, `sid`, random, so two sign-ins never share a token (signing one out leaves
 * the other), and `pw`, a short keyed fingerprint of the `AUTH_PASSWORD_HASH` it was issued under,
 * so a new password ends every earlier session on every instance (each compares the fingerprint
 * with its own configured hash).
 */
export interface OperatorClaims {
  exp: number;
  iat: number;
  sid: string;
  pw: string;
}

export interface TokenSigner {
  issueOperator(now: number, ttlMs: number): { token: string; expiresAt: number };
  issueDayToken(
    kind: "desk" | "scorer",
    claims: { exp: number; day: string; to?: string | null; note?: string | null },
  ): { token: string; expiresAt: number };
  verifyOperator(token: string, now: number): OperatorClaims | undefined;
  verifyDayToken(kind: "desk" | "scorer", token: string, now: number): DayClaims | undefined;
}

const encode = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** The HKDF info of the key that fingerprints the password hash (never a token kind's key). */
const PASSWORD_KEY_INFO = "operator-password";
/** Bytes of the password fingerprint: 64 bits, so two passwords share one by chance 1 in 2^64. */
const PASSWORD_FINGERPRINT_BYTES = 8;

/**
 * Without `AUTH_TOKEN_SECRET` the signer fails closed: nothing verifies, and issuing (sign-in,
 * desk and scorer links) is 401 `unauthorized`, as every operator route already is.
 */
const CLOSED: TokenSigner = {
  issueOperator: notConfigured,
  issueDayToken: notConfigured,
  verifyOperator: () => undefined,
  verifyDayToken: () => undefined,
};

function notConfigured(): never {
  throw new AppError("unauthorized", "no token key is configured (AUTH_TOKEN_SECRET), so no token is issued");
}

/**
 * Makes the signer for the configured `AUTH_TOKEN_SECRET`, or the closed one without it. Operator
 * tokens carry a fingerprint of `passwordHash` (the configured `AUTH_PASSWORD_HASH`) and verify
 * only under the same one: the fingerprint is an HMAC with a key derived from the token secret, so
 * the token, which its holder can read, tells nothing about the hash.
 * @example const { token } = createTokenSigner(secret, passwordHash).issueOperator(Date.now(), 3_600_000);
 */
export function createTokenSigner(secret: string | undefined, passwordHash?: string): TokenSigner {
  if (secret === undefined || secret === "") return CLOSED;
  const key = (info: string) => Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), info, 32));
  const keys = Object.fromEntries(
    (Object.keys(KEY_INFO) as TokenKind[]).map((kind) => [kind, key(KEY_INFO[kind])]),
  ) as Record<TokenKind, Buffer>;
  const password = encode(
    createHmac("sha256", key(PASSWORD_KEY_INFO))
      .update(passwordHash ?? "")
      .digest()
      .subarray(0, PASSWORD_FINGERPRINT_BYTES),
  );

  const sign = (kind: TokenKind, payload: object) => {
    const body = encode(JSON.stringify(payload));
    return `${body}.${encode(createHmac("sha256", keys[kind]).update(body).digest())}`;
  };

  const open = (kind: TokenKind, token: string, now: number): Record<string, unknown> | undefined => {
    const parts = token.split(".");
    if (parts.length !== 2) return undefined;
    const [body, signature] = parts as [string, string];
    const expected = createHmac("sha256", keys[kind]).update(body).digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (encode(given) !== signature) return undefined; // one encoding only
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      return undefined;
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return undefined;
    const exp = (payload as { exp?: unknown }).exp;
    if (typeof exp !== "number" || !Number.isFinite(exp) || now >= exp) return undefined;
    return payload as Record<string, unknown>;
  };

  return {
    issueOperator(now, ttlMs) {
      const claims: OperatorClaims = {
        exp: now + ttlMs,
        iat: now,
        sid: randomBytes(12).toString("base64url"),
        pw: password,
      };
      return { token: sign("operator", claims), expiresAt: claims.exp };
    },
    issueDayToken(kind, { exp, day, to, note }) {
      const claims: DayClaims = { exp, scope: LINK_SCOPES[kind], day };
      if (to) claims.to = to;
      if (note) claims.note = note;
      return { token: sign(kind, claims), expiresAt: exp };
    },
    verifyOperator(token, now) {
      const payload = open("operator", token, now);
      // A token issued under another password (or before fingerprints) no longer verifies.
      if (!payload || "scope" in payload || payload.pw !== password) return undefined;
      return payload as unknown as OperatorClaims;
    },
    verifyDayToken(kind, token, now) {
      const payload = open(kind, token, now);
      if (!payload || payload.scope !== LINK_SCOPES[kind] || typeof payload.day !== "string")
        return undefined;
      for (const label of ["to", "note"] as const) {
        if (label in payload && typeof payload[label] !== "string") return undefined;
      }
      return payload as unknown as DayClaims;
    },
  };
}
