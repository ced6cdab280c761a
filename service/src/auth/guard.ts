import type { IncomingHttpHeaders } from "node:http";
import type { Clock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { bearerToken } from "./bearer.ts";
import { linkIdOf, sessionIdOf } from "./link-id.ts";
import { secretMatches } from "./secret.ts";
import type { TokenSigner } from "./tokens.ts";

/**
 * Who may call a route: `none` (public), `secret` (header `X-Sync-Secret`), `operator`,
 * `desk` and `scorer` (bearer tokens). A route declares the kinds it accepts; see `http/route.ts`.
 */
export type AuthKind = "none" | "secret" | "operator" | "desk" | "scorer";

/**
 * The caller as authenticated. An operator carries its session (the digest of its token, and its
 * expiry), which signing out ends. Desk and scorer principals carry their day and the label signed
 * in, and the link they are: its id (a digest of the token) and its expiry.
 */
export type Principal = { kind: "none" } | { kind: "secret" } | OperatorPrincipal | LinkPrincipal;

export interface OperatorPrincipal {
  kind: "operator";
  sessionId: string;
  expiresAt: number;
}

export interface LinkPrincipal {
  kind: "desk" | "scorer";
  day: string;
  issuedTo?: string;
  note?: string;
  linkId: string;
  expiresAt: number;
}

/**
 * The check every route runs before its handler. It answers at once, but for a link or an operator
 * whose revocation list (the day's links, the signed-out sessions) must be read first.
 */
export type Authenticate = (
  headers: IncomingHttpHeaders,
  accepted: readonly AuthKind[],
) => Principal | Promise<Principal>;

const unauthorized = () => new AppError("unauthorized", "missing, invalid or expired credentials");

/** The 401's message when a sync secret is sent to a service that has none, so its caller knows which side to fix. */
export const NO_SYNC_SECRET =
  "this service has no sync secret set (SYNC_SHARED_SECRET), so no X-Sync-Secret is accepted";

/**
 * Makes the check that every route runs before its handler. It fails closed: without
 * `AUTH_TOKEN_SECRET` no token verifies, and an unset sync secret never matches.
 * A token of a kind the route does not accept gets the same 401 as no token; a revoked link and a
 * signed-out operator session get a 401 that says so.
 */
export function createAuthenticator(deps: {
  signer: TokenSigner;
  syncSecret: string | undefined;
  clock: Clock;
  /** Refuses a revoked link (401) and notes its use; resolves to the principal it was given. */
  admitLink: (link: LinkPrincipal) => Promise<LinkPrincipal>;
  /** Refuses a signed-out operator session (401); answers the principal it was given. */
  admitOperator: (operator: OperatorPrincipal) => OperatorPrincipal | Promise<OperatorPrincipal>;
}): Authenticate {
  return (headers, accepted) => {
    if (accepted.includes("none")) return { kind: "none" };
    const now = deps.clock.now();
    const token = bearerToken(headers);
    if (token !== undefined) {
      const operator = accepted.includes("operator") ? deps.signer.verifyOperator(token, now) : undefined;
      if (operator) {
        return deps.admitOperator({
          kind: "operator",
          sessionId: sessionIdOf(token),
          expiresAt: operator.exp,
        });
      }
      for (const kind of ["desk", "scorer"] as const) {
        if (!accepted.includes(kind)) continue;
        const claims = deps.signer.verifyDayToken(kind, token, now);
        if (claims) {
          const link: LinkPrincipal = {
            kind,
            day: claims.day,
            issuedTo: claims.to,
            note: claims.note,
            linkId: linkIdOf(token),
            expiresAt: claims.exp,
          };
          return deps.admitLink(link);
        }
      }
    }
    const presented = headers["x-sync-secret"];
    if (accepted.includes("secret") && typeof presented === "string") {
      if (secretMatches(deps.syncSecret, presented)) return { kind: "secret" };
      if (deps.syncSecret === undefined && token === undefined)
        throw new AppError("unauthorized", NO_SYNC_SECRET);
    }
    throw unauthorized();
  };
}
