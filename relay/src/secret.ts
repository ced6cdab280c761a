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
