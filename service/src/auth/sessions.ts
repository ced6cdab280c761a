import type { Clock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { verifyPassword } from "./password.ts";
import { SignInThrottle } from "./sign-in-throttle.ts";
import type { TokenSigner } from "./tokens.ts";

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Operator sign-in: the one shared operator login against `AUTH_PASSWORD_HASH`, an operator token
 * on success, and failed sign-ins throttled per client address (DESIGN.md: 10 in 15 minutes).
 * @example const { token, expiresAt } = await sessions.signIn("203.0.113.9", { username, password });
 */
export function createSessions(deps: {
  passwordHash: string | undefined;
  tokenTtlMs: number;
  signer: TokenSigner;
  clock: Clock;
}) {
  const throttle = new SignInThrottle();
  return {
    /** Milliseconds until this address may try again (0: now). */
    retryAfterMs: (address: string) => throttle.retryAfterMs(address, deps.clock.now()),

    /** Checks the credentials; a wrong one is 401 and counts against the address. */
    async signIn(address: string, credentials: Credentials): Promise<{ token: string; expiresAt: number }> {
      const ok = await verifyPassword(deps.passwordHash, credentials.username, credentials.password);
      if (!ok) {
        throttle.recordFailure(address, deps.clock.now());
        throw new AppError("unauthorized", "wrong username or password");
      }
      return deps.signer.issueOperator(deps.clock.now(), deps.tokenTtlMs);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
