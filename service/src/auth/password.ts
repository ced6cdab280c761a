import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * The operator password hash: a PHC string of scrypt over `<username>:<password>`,
 * `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>` with base64 without padding.
 */
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;

const DEFAULT_COST = { ln: 15, r: 8, p: 1 };

interface ParsedHash {
  ln: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(phc: string): ParsedHash | undefined {
  const match = PHC.exec(phc);
  if (!match) return undefined;
  const [, ln, r, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const parsed = { ln: Number(ln), r: Number(r), p: Number(p), salt: b64(salt), hash: b64(hash) };
  if (parsed.ln < 10 || parsed.ln > 20 || parsed.r < 1 || parsed.p < 1) return undefined;
  return parsed;
}

const b64 = (text: string) => Buffer.from(text, "base64");
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

/** Whether a configured value is a usable scrypt PHC string. */
export function isPasswordHash(value: string): boolean {
  return parse(value) !== undefined;
}

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
  const parsed = phc === undefined ? undefined : parse(phc);
  if (!parsed) return false;
  const candidate = await derive(credential(username, password), parsed.salt, parsed, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}
