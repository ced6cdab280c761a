import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { parsePasswordHash } from "../shared/password-hash.ts";

const DEFAULT_COST = { ln: 15, r: 8, p: 1 };

const unpadded = (buffer: Buffer) => buffer.toString("base64").replace(/=+$/, "");

function derive(secret: string, salt: Buffer, cost: { ln: number; r: number; p: number }, length: number) {
  const N = 2 ** cost.ln;
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      secret,
      salt,
      length,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

const credential = (username: string, password: string) => `${username}:${password}`;

/**
 * Hashes the operator credentials.
 * @example AUTH_PASSWORD_HASH = await hashPassword("operator", "correct horse battery staple")
 */
export async function hashPassword(username: string, password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(credential(username, password), salt, cost, 32);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${unpadded(salt)}$${unpadded(hash)}`;
}

/** Compares credentials with a configured hash in constant time; an unusable hash never matches. */
export async function verifyPassword(
  phc: string | undefined,
  username: string,
  password: string,
): Promise<boolean> {
  const parsed = phc === undefined ? undefined : parsePasswordHash(phc);
  if (!parsed) return false;
  const candidate = await derive(credential(username, password), parsed.salt, parsed, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}
