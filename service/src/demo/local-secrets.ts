import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { hashPassword } from "../auth/password.ts";

/** The operator user name of the local stack. */
export const LOCAL_OPERATOR = "operator";

/** The local stack's secrets file, and the password when it was made just now (shown once). */
export interface LocalSecrets {
  /** The variables the file holds (`AUTH_PASSWORD_HASH`, `AUTH_TOKEN_SECRET`, …). */
  env: Record<string, string>;
  /** Set only on the run that created the file: the one time the password exists in clear. */
  password?: string;
}

/** Reads `KEY=value` lines; `#` comments and blank lines are skipped. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Z][A-Z0-9_]*)\s*=(.*)$/.exec(line);
    if (match) env[match[1] as string] = (match[2] as string).trim();
  }
  return env;
}

const secret = (bytes: number) => randomBytes(bytes).toString("base64url");

/**
 * The local stack's secrets: read from `file`, or made on first run with a random operator
 * password whose scrypt hash alone is stored (mode 0600). A file that exists is never rewritten.
 * @example const { env, password } = await ensureLocalSecrets("./local/.env"); // password only on first run
 */
export async function ensureLocalSecrets(file: string): Promise<LocalSecrets> {
  try {
    return { env: parseEnvFile(await readFile(file, "utf8")) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const password = `${secret(6)}-${secret(6)}-${secret(6)}`;
  const env = {
    AUTH_PASSWORD_HASH: await hashPassword(LOCAL_OPERATOR, password),
    AUTH_TOKEN_SECRET: secret(32),
    SYNC_SHARED_SECRET: secret(24),
    LIVE_PUSH_SECRET: secret(24),
  };
  const lines = [
    "# Secrets of the local stack (npm start), made on its first run. The operator password was",
    `# printed once; only its hash is kept. Delete this file to get a new password. User: ${LOCAL_OPERATOR}`,
    "# Any other service variable set here (for example LOG_LEVEL=info) is passed to the service.",
    ...Object.entries(env).map(([name, value]) => `${name}=${value}`),
    "",
  ];
  try {
    await writeFile(file, lines.join("\n"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return { env: parseEnvFile(await readFile(file, "utf8")) };
    throw error;
  }
  return { env, password };
}
