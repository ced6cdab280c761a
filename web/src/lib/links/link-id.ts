/**
 * A desk or scorer link's id as the service names it (`service/src/auth/link-id.ts`): the SHA-256
 * of its token, base64url, 43 characters. A page compares it with the ids of a revocation notice
 * (`@tournament-ops/relay/notices`) to learn at once that its own link was revoked. Computed with
 * the browser's Web Crypto, which exists in a secure context (https, or this machine's own
 * address); elsewhere (a LAN address over plain http) `undefined`, and the page learns of a
 * revocation at its next request, as before.
 */
export async function linkIdOf(token: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return undefined;
  const digest = new Uint8Array(await subtle.digest("SHA-256", new TextEncoder().encode(token)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Whether a revocation notice's ids name `token`'s link; `undefined` when the page cannot tell
 * (no Web Crypto).
 */
export async function isRevokedBy(token: string, revoked: readonly string[]): Promise<boolean | undefined> {
  const id = await linkIdOf(token);
  return id === undefined ? undefined : revoked.includes(id);
}
