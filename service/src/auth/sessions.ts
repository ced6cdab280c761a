import { BoundedQueue } from "../shared/bounded-queue.ts";
import type { Clock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { clientKey } from "./client-address.ts";
import type { DeviceProofs } from "./device-proofs.ts";
import { verifyPassword } from "./password.ts";
import { SignInThrottle } from "./sign-in-throttle.ts";
import type { TokenSigner } from "./tokens.ts";

export interface Credentials {
  username: string;
  password: string;
}

/**
 * How many password hashes run at once, and how many more may wait. scrypt at the production cost
 * takes about 100 ms and 32 MiB on one thread of libuv's pool (four threads, shared with file
 * I/O), so one at a time keeps three threads and a core for everything else; fifteen waiting is
 * more than one client's ten attempts, so the throttle, not this queue, answers a single client.
 */
export const HASHING_LIMITS = { running: 1, waiting: 15 } as const;

/**
 * Operator sign-in: the one shared operator login against `AUTH_PASSWORD_HASH`, an operator token
 * on success. Failed sign-ins are throttled per client (10 in 15 minutes; an IPv6 client per /64),
 * counted before the password is hashed. A sign-in that brings a valid device proof (issued by an
 * earlier correct sign-in, ./device-proofs.ts) is counted per device instead, so others' failures
 * behind the same address never lock that browser out; the hashing itself is a bounded queue, so a flood of
 * sign-ins from many clients is refused (503 `service_busy`) instead of starving other routes.
 * @example const { token, expiresAt } = await sessions.signIn("203.0.113.9", { username, password });
 */
export function createSessions(deps: {
  passwordHash: string | undefined;
  tokenTtlMs: number;
  signer: TokenSigner;
  deviceProofs: DeviceProofs;
  clock: Clock;
  /** The password check (default `verifyPassword`); tests hold it to fill the hashing queue. */
  verify?: typeof verifyPassword;
}) {
  const verify = deps.verify ?? verifyPassword;
  const throttle = new SignInThrottle();
  const hashing = new BoundedQueue(HASHING_LIMITS);
  /** The throttle's key: the device of a valid proof, else the client address (an IPv6 /64). */
  const keyOf = (address: string, proof: string | undefined, now: number) => {
    const device = deps.deviceProofs.verify(proof, now);
    return { key: device === undefined ? clientKey(address) : `device:${device}`, device };
  };
  return {
    /**
     * Refuses a client the throttle holds back (429 `rate_limited`), counting nothing: the sign-in
     * routes run it as the request arrives, so a throttled caller's body is never read or parsed.
     */
    refuseThrottled(address: string, proof?: string): void {
      const now = deps.clock.now();
      const wait = throttle.waitFor(keyOf(address, proof, now).key, now);
      if (wait > 0) throw rateLimited(wait);
    },
    /**
     * Checks the credentials. Throws 429 `rate_limited` (with a retry time) for a throttled client,
     * 503 `service_busy` when the hashing queue is full, 401 for a wrong credential. A success
     * answers a device proof too: the same device's renewed, or a new device's.
     */
    async signIn(
      address: string,
      credentials: Credentials,
      proof?: string,
    ): Promise<{ token: string; expiresAt: number; deviceProof: string }> {
      const at = deps.clock.now();
      const { key, device } = keyOf(address, proof, at);
      const wait = throttle.attempt(key, at);
      if (wait > 0) throw rateLimited(wait);
      const place = hashing.enter();
      if (!place) {
        throttle.forgive(key, at);
        throw new AppError(
          "service_busy",
          "too many sign-ins at once; try again in a moment",
          {},
          {
            retryAfterSeconds: 1,
          },
        );
      }
      let ok: boolean;
      try {
        await place.turn();
        ok = await verify(deps.passwordHash, credentials.username, credentials.password);
      } finally {
        place.leave();
      }
      if (!ok) throw new AppError("unauthorized", "wrong username or password");
      throttle.forgive(key, at);
      const now = deps.clock.now();
      const session = deps.signer.issueOperator(now, deps.tokenTtlMs);
      return { ...session, deviceProof: deps.deviceProofs.issue(now, device).proof };
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

function rateLimited(waitMs: number): AppError {
  return new AppError(
    "rate_limited",
    "too many failed sign-ins; try again later",
    {},
    { retryAfterSeconds: Math.ceil(waitMs / 1000) },
  );
}
