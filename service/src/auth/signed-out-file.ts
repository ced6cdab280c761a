/**
 * The signed-out operator sessions, `config/signed-out-sessions.json` in the data repository: each
 * by the digest of its token (`sessionIdOf`), kept until the token would have expired. Like a day's
 * link list it is served publicly by the static host, so it holds digests and times only, never a
 * token (docs/links.md, "Signing out", says what a reader learns).
 *
 * @example
 * { "version": 1, "sessions": [{ "sessionId": "q3Xr…", "expiresAt": 1764413200000, "revokedAt": 1764371500000 }] }
 */
import type { ListKind } from "../repository/held-lists.ts";

export const SIGNED_OUT_PATH = "config/signed-out-sessions.json";
export const SIGNED_OUT_VERSION = 1;

/** One signed-out session. Times are epoch milliseconds, like `expiresAt` in the sign-in answer. */
export interface SignedOutSession {
  /** The SHA-256 of the operator token, base64url (`auth/link-id.ts`). */
  sessionId: string;
  /** When the token expires; the entry is dropped after it. */
  expiresAt: number;
  /** When the session was signed out. */
  revokedAt: number;
}

export interface SignedOutFile {
  version: typeof SIGNED_OUT_VERSION;
  sessions: SignedOutSession[];
}

export const emptySignedOutFile = (): SignedOutFile => ({ version: SIGNED_OUT_VERSION, sessions: [] });

const time = (value: unknown) => typeof value === "number" && Number.isFinite(value);

function isEntry(value: unknown): value is SignedOutSession {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Record<string, unknown>;
  return typeof e["sessionId"] === "string" && time(e["expiresAt"]) && time(e["revokedAt"]);
}

/** Reads a stored list; a file that is not one (hand-edited, another version) is `undefined`. */
export function parseSignedOutFile(content: string): SignedOutFile | undefined {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return undefined;
  }
  const file = value as Partial<SignedOutFile> | null;
  if (typeof file !== "object" || file === null || file.version !== SIGNED_OUT_VERSION) return undefined;
  return Array.isArray(file.sessions) && file.sessions.every(isEntry) ? (file as SignedOutFile) : undefined;
}

/** The file's text: one session per line, so a commit's diff shows the sign-out. */
export function formatSignedOutFile(file: SignedOutFile): string {
  const lines = file.sessions.map((session) => `    ${JSON.stringify(session)}`).join(",\n");
  return `{\n  "version": ${file.version},\n  "sessions": [${lines === "" ? "" : `\n${lines}\n  `}]\n}\n`;
}

/** The signed-out sessions as a revocation list: every session it holds is revoked. */
export const SIGNED_OUT_LIST: ListKind<SignedOutFile> = {
  name: "a list of signed-out sessions",
  parse: parseSignedOutFile,
  revoked: (file) => file.sessions.map((session) => session.sessionId),
};
