import type { Env } from "./env.ts";
import { errorResponse } from "./http.ts";

const encoder = new TextEncoder();

/**
 * Compares the `X-Publish-Secret` header with the configured secret in constant time.
 * Both sides are hashed first so the comparison never depends on their lengths; an unset or empty
 * configured secret never matches.
 * @example if (!(await secretMatches(request.headers.get("x-publish-secret"), env.LIVE_PUSH_SECRET))) …
 */
export async function secretMatches(given: string | null, expected: string | undefined): Promise<boolean> {
  if (expected === undefined || expected === "" || given === null) return false;
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return timingSafeEqual(a, b);
}

/**
 * The check every write to the relay starts with (a push, a nudge, the days, a live point, a
 * notice, a lease): the 401 to answer when `X-Publish-Secret` is missing or not `LIVE_PUSH_SECRET`,
 * else `undefined`.
 * @example const refused = await pushRefusal(request, env); if (refused !== undefined) return refused;
 */
export async function pushRefusal(request: Request, env: Env): Promise<Response | undefined> {
  if (await secretMatches(request.headers.get("x-publish-secret"), env.LIVE_PUSH_SECRET)) return undefined;
  return errorResponse("unauthorized", "X-Publish-Secret is missing or wrong");
}

async function digest(value: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", encoder.encode(value));
}

function timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean {
  // workerd provides this non-standard method; the loop is for runtimes that lack it.
  const subtle = crypto.subtle as Partial<Pick<SubtleCrypto, "timingSafeEqual">>;
  if (typeof subtle.timingSafeEqual === "function") return subtle.timingSafeEqual.call(crypto.subtle, a, b);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
