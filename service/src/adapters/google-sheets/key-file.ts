import { readFile } from "node:fs/promises";
import type { CredentialsAccess } from "../../ports/access-probe.ts";
import { networkCause } from "../../shared/network-cause.ts";

/** The members of a service account's JSON key that the token exchange needs. */
export interface ServiceAccountKey {
  type: "service_account";
  client_email: string;
  private_key: string;
}

type KeyFileProblem = Extract<CredentialsAccess, { kind: "key-file" }>;

const problem = (file: string, kind: KeyFileProblem["problem"], reason: string) => ({
  problem: { kind: "key-file", file, problem: kind, reason } satisfies KeyFileProblem,
});

/**
 * Reads the key file `GOOGLE_APPLICATION_CREDENTIALS` names, and says exactly what is wrong with
 * it when it cannot be used: not there, not readable, not JSON, or JSON that is no service
 * account key (an OAuth client's file, a key cut short). Never throws.
 * @example const key = await readKeyFile("/secrets/sa.json"); if ("problem" in key) …
 */
export async function readKeyFile(
  file: string,
): Promise<{ key: ServiceAccountKey } | { problem: KeyFileProblem }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return problem(file, "missing", "there is no such file");
    return problem(file, "unreadable", `it cannot be read (${code ?? (error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return problem(file, "not-json", `it is not JSON (${(error as Error).message})`);
  }
  const key = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>;
  const missing = ["client_email", "private_key"].filter((name) => typeof key[name] !== "string");
  if (key.type !== "service_account" || missing.length > 0)
    return problem(
      file,
      "not-a-key",
      key.type !== "service_account"
        ? `it is not a service account key (its "type" is ${JSON.stringify(key.type ?? null)}, not "service_account")`
        : `it is a service account key without ${missing.join(" and ")}`,
    );
  return { key: key as unknown as ServiceAccountKey };
}

/** At most this much of a token service's message is kept. */
const REASON_LIMIT = 200;

/**
 * What a failed token lookup of google-auth-library says, in the port's words: no credentials at
 * all, refused by the token service (its error code and description, as gtoken words them), or
 * not reached. Never the upstream JSON itself.
 */
export function tokenFailure(
  error: unknown,
): Extract<CredentialsAccess, { kind: "none" | "refused" | "unreachable" }> {
  const message = String((error as Error)?.message ?? error).slice(0, REASON_LIMIT);
  if (/could not load the default credentials/i.test(message))
    return { kind: "none", reason: "no key file is named and the service does not run on Google Cloud" };
  const cause = networkCause(error);
  if (cause !== undefined) return { kind: "unreachable", reason: cause };
  if ((error as { type?: unknown }).type === "request-timeout" || /timed? ?out/i.test(message))
    return { kind: "unreachable", reason: "no answer in time" };
  const status = (error as { response?: { status?: unknown } }).response?.status;
  if (typeof status === "number" && status >= 500)
    return { kind: "unreachable", reason: `the token service answered HTTP ${status}` };
  return { kind: "refused", reason: message };
}
