// Who may use the streams to the service kept for the people running the day: a call whose bearer
// token the service's own signer verifies (an operator's, a desk's or a scorer's, unexpired). A
// made-up token verifies as none, so no spectator reaches the kept streams by sending one. Whether
// a link was revoked since is the service's to say (it reads the day's links): a revoked link's
// holder still gets a kept stream for its call, and the service's 401.
import type { IncomingHttpHeaders } from "node:http";
import { bearerToken } from "@tournament-ops/service/bearer";
import { createTokenSigner } from "@tournament-ops/service/tokens";

/** The service's token secrets, as its `.env` holds them. */
export interface TokenKeys {
  /** `AUTH_TOKEN_SECRET`. */
  secret: string;
  /** `AUTH_PASSWORD_HASH` (operator tokens carry its fingerprint). */
  passwordHash?: string;
}

/** True for headers whose token the service issued. */
export type TokenHolder = (headers: IncomingHttpHeaders) => boolean;

/**
 * The check for `keys`; without keys, nobody holds a token the front can tell (nothing is kept).
 * @example const holder = tokenHolder({ secret, passwordHash }); holder(request.headers) // true for a desk link
 */
export function tokenHolder(keys: TokenKeys | undefined, now: () => number = Date.now): TokenHolder {
  if (keys === undefined) return () => false;
  const signer = createTokenSigner(keys.secret, keys.passwordHash);
  return (headers) => {
    const token = bearerToken(headers);
    if (token === undefined || token.length > 4_096) return false;
    const at = now();
    return (
      signer.verifyOperator(token, at) !== undefined ||
      signer.verifyDayToken("desk", token, at) !== undefined ||
      signer.verifyDayToken("scorer", token, at) !== undefined
    );
  };
}
