import { isPasswordHash } from "../auth/password.ts";

/**
 * The service configuration, parsed once from the environment and frozen.
 * Every variable is read as trimmed text; a blank value counts as unset.
 */
export interface Config {
  port: number;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Proxies in front of the service whose `X-Forwarded-For` is trusted (Cloud Run: 1). */
  trustProxyHops: number;
  auth: {
    passwordHash?: string;
    tokenSecret?: string;
    tokenTtlMs: number;
    syncSharedSecret?: string;
  };
  registryTtlMs: number;
  live: {
    pushUrl?: string;
    pushSecret?: string;
    pushTimeoutMs: number;
  };
  sheets:
    | { backend: "local"; workbooksDir: string; fetchTimeoutMs: number; exportUrl: string }
    | {
        backend: "google";
        apiUrl: string;
        exportUrl: string;
        accessToken?: string;
        apiKey?: string;
        serviceAccountEmail?: string;
        fetchTimeoutMs: number;
      };
  data:
    | { backend: "local"; dataDir: string }
    | { backend: "github"; repo: string; branch: string; token?: string; apiUrl: string; timeoutMs: number };
  dataUrl?: string;
  archiveMinIntervalMs: number;
  scoresheetConcurrency: number;
}

export interface ConfigResult {
  config?: Config;
  /** One line per set-but-unusable variable, naming it. */
  problems: string[];
  /** The variables that are unset and whose feature is therefore off or fails closed. */
  unset: string[];
}

/** The variables whose absence turns a feature off or makes it fail closed (the startup warning). */
const FEATURE_VARIABLES = [
  "AUTH_PASSWORD_HASH",
  "AUTH_TOKEN_SECRET",
  "SYNC_SHARED_SECRET",
  "LIVE_PUSH_URL",
  "LIVE_PUSH_SECRET",
] as const;

/** The first line of the startup warning, fixed by the spec. */
export const UNSET_WARNING_PREFIX = "Environment: not set, so what they enable is off or fails closed:";

/**
 * Parses the environment. Never throws: problems are collected so that one message can name them all.
 * @example const { config, problems, unset } = parseEnvironment(process.env);
 */
export function parseEnvironment(env: Record<string, string | undefined>): ConfigResult {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const whole = (name: string, min: number, max: number, fallback: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
      problems.push(`${name}=${JSON.stringify(raw)} must be a whole number ${range}`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, fallback?: string): string | undefined => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol === "http:" || parsed.protocol === "https:") return raw.replace(/\/+$/, "");
    } catch {
      // reported below
    }
    problems.push(`${name}=${JSON.stringify(raw)} must be an http or https URL`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name}=${JSON.stringify(raw)} must be one of ${allowed.join(", ")}`);
    return fallback;
  };
  const max = Number.MAX_SAFE_INTEGER;

  const passwordHash = text("AUTH_PASSWORD_HASH");
  if (passwordHash !== undefined && !isPasswordHash(passwordHash)) {
    problems.push(
      "AUTH_PASSWORD_HASH must be a $scrypt$ PHC string (make one with `npm run -s hash-password`)",
    );
  }
  const tokenSecret = text("AUTH_TOKEN_SECRET");
  if (tokenSecret !== undefined && tokenSecret.length < 16) {
    problems.push("AUTH_TOKEN_SECRET must be at least 16 characters long");
  }
  const fetchTimeoutMs = whole("SHEETS_FETCH_TIMEOUT_MS", 0, max, 20_000);
  const exportUrl = url("SHEETS_EXPORT_URL", "https://docs.google.com") as string;

  const sheetsBackend = oneOf("SHEETS_BACKEND", ["local", "google"] as const, "local");
  const sheets: Config["sheets"] =
    sheetsBackend === "local"
      ? {
          backend: "local",
          workbooksDir: text("WORKBOOKS_DIR") ?? "./local/workbooks",
          fetchTimeoutMs,
          exportUrl,
        }
      : {
          backend: "google",
          apiUrl: url("SHEETS_API_URL", "https://sheets.googleapis.com") as string,
          exportUrl,
          accessToken: text("SHEETS_ACCESS_TOKEN"),
          apiKey: text("SHEETS_API_KEY"),
          serviceAccountEmail: text("SERVICE_ACCOUNT_EMAIL"),
          fetchTimeoutMs,
        };

  const dataBackend = oneOf("DATA_BACKEND", ["local", "github"] as const, "local");
  let data: Config["data"];
  if (dataBackend === "local") {
    data = { backend: "local", dataDir: text("DATA_DIR") ?? "./local/data" };
  } else {
    const repo = text("DATA_REPO");
    if (repo === undefined || !/^[\w.-]+\/[\w.-]+$/.test(repo)) {
      problems.push(`DATA_REPO=${JSON.stringify(repo ?? "")} must be owner/name when DATA_BACKEND is github`);
    }
    data = {
      backend: "github",
      repo: repo ?? "",
      branch: text("DATA_BRANCH") ?? "main",
      token: text("DATA_REPO_TOKEN"),
      apiUrl: url("GITHUB_API_URL", "https://api.github.com") as string,
      timeoutMs: whole("DATA_REPO_TIMEOUT_MS", 0, max, 20_000),
    };
  }

  const config: Config = {
    port: whole("PORT", 1, 65535, 8080),
    logLevel: oneOf(
      "LOG_LEVEL",
      ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const,
      "info",
    ),
    trustProxyHops: whole("TRUST_PROXY_HOPS", 0, 10, 0),
    auth: {
      passwordHash,
      tokenSecret,
      tokenTtlMs: whole("AUTH_TOKEN_TTL_MS", 1, max, 43_200_000),
      syncSharedSecret: text("SYNC_SHARED_SECRET"),
    },
    registryTtlMs: whole("SYNC_CONFIG_TTL_MS", 0, max, 60_000),
    live: {
      pushUrl: url("LIVE_PUSH_URL"),
      pushSecret: text("LIVE_PUSH_SECRET"),
      pushTimeoutMs: whole("LIVE_PUSH_TIMEOUT_MS", 1, max, 5_000),
    },
    sheets,
    data,
    dataUrl: url("DATA_URL"),
    archiveMinIntervalMs: whole("ARCHIVE_MIN_INTERVAL_MS", 0, max, 8_000),
    scoresheetConcurrency: whole("SCORESHEET_CONCURRENCY", 1, 64, 2),
  };

  const unset: string[] = FEATURE_VARIABLES.filter((name) => text(name) === undefined);
  if (sheets.backend === "google" && sheets.apiKey === undefined) unset.push("SHEETS_API_KEY");
  if (data.backend === "github" && data.token === undefined) unset.push("DATA_REPO_TOKEN");

  return problems.length > 0 ? { problems, unset } : { config: Object.freeze(config), problems, unset };
}

/** The one startup warning line, or `undefined` when everything is set. */
export function unsetWarning(unset: readonly string[]): string | undefined {
  return unset.length === 0 ? undefined : `${UNSET_WARNING_PREFIX} ${unset.join(", ")}`;
}

/** The one startup error message naming every bad variable. */
export function problemsMessage(problems: readonly string[]): string {
  return `Environment: ${problems.length} unusable value${problems.length === 1 ? "" : "s"}, so the service does not start: ${problems.join("; ")}`;
}
