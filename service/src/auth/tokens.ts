import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { AppError } from "../shared/errors.ts";

/**
 * The service's HMAC-signed bearer tokens (not JWTs): `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`.
 * Each kind is signed with its own key, HKDF-SHA256 of `AUTH_TOKEN_SECRET` with the kind's info
 * string, so the kinds never verify as each other.
 */
export type TokenKind = "operator" | "desk" | "scorer";

/** The scope names signed into day-scoped tokens; also the HKDF info strings. */
export const SCOPES = { desk: "attendance-desk", scorer: "score-desk" } as const;

const KEY_INFO: Record<TokenKind, string> = {
  operator: "operator",
  desk: SCOPES.desk,
  scorer: SCOPES.scorer,
};

export interface OperatorClaims {
  exp: number;
  iat: number;
}

/** Desk and scorer payloads: exactly these keys, in this order; `to` and `note` only when given. */
export interface DayClaims {
  exp: number;
  scope: string;
  day: string;
  to?: string;
  note?: string;
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
 * Makes the signer for the configured `AUTH_TOKEN_SECRET`, or the closed one without it.
 * @example const { token } = createTokenSigner(secret).issueOperator(Date.now(), 3_600_000);
 */
export function createTokenSigner(secret: string | undefined): TokenSigner {
  if (secret === undefined || secret === "") return CLOSED;
  const keys = Object.fromEntries(
    (Object.keys(KEY_INFO) as TokenKind[]).map((kind) => [
      kind,
      Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), KEY_INFO[kind], 32)),
    ]),
  ) as Record<TokenKind, Buffer>;

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
      const claims: OperatorClaims = { exp: now + ttlMs, iat: now };
      return { token: sign("operator", claims), expiresAt: claims.exp };
    },
    issueDayToken(kind, { exp, day, to, note }) {
      const claims: DayClaims = { exp, scope: SCOPES[kind], day };
      if (to) claims.to = to;
      if (note) claims.note = note;
      return { token: sign(kind, claims), expiresAt: exp };
    },
    verifyOperator(token, now) {
      const payload = open("operator", token, now);
      if (!payload || "scope" in payload) return undefined;
      return payload as unknown as OperatorClaims;
    },
    verifyDayToken(kind, token, now) {
      const payload = open(kind, token, now);
      if (!payload || payload.scope !== SCOPES[kind] || typeof payload.day !== "string") return undefined;
      for (const label of ["to", "note"] as const) {
        if (label in payload && typeof payload[label] !== "string") return undefined;
      }
      return payload as unknown as DayClaims;
    },
  };
}
