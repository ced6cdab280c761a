/**
 * The operator password hash: a PHC string of scrypt over `<username>:<password>`,
 * `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>` with base64 without padding.
 */
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;

/** A PHC string read: the scrypt cost, the salt and the hash. */
export interface ParsedHash {
  ln: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/** The PHC string read, or `undefined` when it is not a usable scrypt PHC string. */
export function parsePasswordHash(phc: string): ParsedHash | undefined {
  const match = PHC.exec(phc);
  if (!match) return undefined;
  const [, ln, r, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const parsed = { ln: Number(ln), r: Number(r), p: Number(p), salt: b64(salt), hash: b64(hash) };
  if (parsed.ln < 10 || parsed.ln > 20 || parsed.r < 1 || parsed.p < 1) return undefined;
  return parsed;
}

const b64 = (text: string) => Buffer.from(text, "base64");

/** Whether a configured value is a usable scrypt PHC string. */
export function isPasswordHash(value: string): boolean {
  return parsePasswordHash(value) !== undefined;
}
