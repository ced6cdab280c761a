import { isIP } from "node:net";
import { isPasswordHash } from "../shared/password-hash.ts";
import { type EnvReader, envReader } from "./env-reader.ts";

/**
 * The service configuration, parsed once from the environment and frozen.
 * Every variable is read as trimmed text; a blank value counts as unset.
 */
export interface Config {
  port: number;
  /**
   * The address the h2c listener binds (`HOST`). Unset: every interface (`::`, or `0.0.0.0` where
   * IPv6 is off), as Cloud Run and the Dockerfile need; `npm start` sets `127.0.0.1`.
   */
  host?: string;
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
        /** Drive API root: the preflight asks it whether the service account may edit a workbook. */
        driveApiUrl: string;
        accessToken?: string;
        /** `GOOGLE_APPLICATION_CREDENTIALS`: a service account's key file; unset, the platform's account (Cloud Run). */
        keyFile?: string;
        /** `GOOGLE_OAUTH_TOKEN_URL`: where a key is exchanged for a token (Google's, unless a test's fake). */
        tokenUrl?: string;
        apiKey?: string;
        serviceAccountEmail?: string;
        fetchTimeoutMs: number;
      };
  data:
    | { backend: "local"; dataDir: string }
    | { backend: "github"; repo: string; branch: string; token?: string; apiUrl: string; timeoutMs: number };
  /** Where the pages are served (`PAGES_URL`, no trailing slash): scoresheets' QR codes open `<pagesUrl>/score/`. */
  pagesUrl?: string;
  /** Least time between two commits of one day's snapshot: 8 s on GitHub, none on the local data folder unless set. */
  archiveMinIntervalMs: number;
  /**
   * Data-repository commits allowed, all together (`DATA_REPO_WRITES_PER_MINUTE`,
   * `DATA_REPO_WRITES_PER_HOUR`): GitHub's limits for one token by default. The local data folder
   * has no such limit and writes at once, unless one is set.
   */
  writeBudget?: { perMinute: number; perHour: number };
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
  "PAGES_URL",
] as const;

/** The first line of the startup warning, fixed by the spec. */
export const UNSET_WARNING_PREFIX = "Environment: not set, so what they enable is off or fails closed:";

/**
 * Parses the environment. Never throws: problems are collected so that one message can name them all.
 * @example const { config, problems, unset } = parseEnvironment(process.env);
 */
export function parseEnvironment(env: Record<string, string | undefined>): ConfigResult {
  const read = envReader(env);
  const { problems, text, whole, url, oneOf } = read;
  const max = Number.MAX_SAFE_INTEGER;

  const { passwordHash, tokenSecret } = authSecrets(read);
  const sheets = sheetsConfig(read);
  const data = dataConfig(read);
  const onGitHub = data.backend === "github";

  const config: Config = {
    port: whole("PORT", 1, 65535, 8080),
    host: listenHost(read),
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
    pagesUrl: pagesUrl(read),
    archiveMinIntervalMs: whole("ARCHIVE_MIN_INTERVAL_MS", 0, max, onGitHub ? 8_000 : 0),
    writeBudget: writeBudget(read, onGitHub),
    scoresheetConcurrency: whole("SCORESHEET_CONCURRENCY", 1, 64, 2),
  };

  const unset: string[] = FEATURE_VARIABLES.filter((name) => text(name) === undefined);
  if (sheets.backend === "google" && sheets.apiKey === undefined) unset.push("SHEETS_API_KEY");
  if (data.backend === "github" && data.token === undefined) unset.push("DATA_REPO_TOKEN");

  return problems.length > 0 ? { problems, unset } : { config: Object.freeze(config), problems, unset };
}

/**
 * The write budget: GitHub's limits on content-creating requests for one token (80 a minute, 500
 * an hour) by default; none for the local data folder unless one of the variables is set.
 */
function writeBudget({ text, whole }: EnvReader, onGitHub: boolean): Config["writeBudget"] {
  const names = ["DATA_REPO_WRITES_PER_MINUTE", "DATA_REPO_WRITES_PER_HOUR"];
  if (!onGitHub && names.every((name) => text(name) === undefined)) return undefined;
  const max = Number.MAX_SAFE_INTEGER;
  return {
    perMinute: whole("DATA_REPO_WRITES_PER_MINUTE", 1, max, 80),
    perHour: whole("DATA_REPO_WRITES_PER_HOUR", 1, max, 500),
  };
}

/** The operator password hash and the token key, each checked for shape. */
function authSecrets({ text, problems }: EnvReader) {
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
  return { passwordHash, tokenSecret };
}

/**
 * `HOST`: an IP address or a host name, nothing else (a URL or a port is a mistake worth naming).
 */
function listenHost({ text, problems }: EnvReader): string | undefined {
  const value = text("HOST");
  if (value === undefined || isIP(value) !== 0 || /^[a-z0-9]([a-z0-9.-]{0,252})$/i.test(value)) return value;
  problems.push(`HOST=${JSON.stringify(value)} must be an IP address or a host name, such as 127.0.0.1`);
  return undefined;
}

/**
 * The pages' base address. A query or fragment would end up in the middle of every QR code's
 * address, so it is refused; a path is kept (pages deployed under a folder).
 */
function pagesUrl({ url, problems }: EnvReader): string | undefined {
  const value = url("PAGES_URL");
  if (value === undefined) return undefined;
  const parsed = new URL(value);
  if (parsed.search === "" && parsed.hash === "" && !value.includes("?") && !value.includes("#"))
    return value;
  problems.push(`PAGES_URL=${JSON.stringify(value)} must be the pages' address without a query or fragment`);
  return undefined;
}

/** The spreadsheet port's adapter (`SHEETS_BACKEND`) and its settings. */
function sheetsConfig({ text, whole, url, oneOf }: EnvReader): Config["sheets"] {
  const fetchTimeoutMs = whole("SHEETS_FETCH_TIMEOUT_MS", 0, Number.MAX_SAFE_INTEGER, 20_000);
  const exportUrl = url("SHEETS_EXPORT_URL", "https://docs.google.com") as string;
  if (oneOf("SHEETS_BACKEND", ["local", "google"] as const, "local") === "local") {
    return {
      backend: "local",
      workbooksDir: text("WORKBOOKS_DIR") ?? "./local/workbooks",
      fetchTimeoutMs,
      exportUrl,
    };
  }
  return {
    backend: "google",
    apiUrl: url("SHEETS_API_URL", "https://sheets.googleapis.com") as string,
    exportUrl,
    driveApiUrl: url("DRIVE_API_URL", "https://www.googleapis.com") as string,
    accessToken: text("SHEETS_ACCESS_TOKEN"),
    keyFile: text("GOOGLE_APPLICATION_CREDENTIALS"),
    tokenUrl: url("GOOGLE_OAUTH_TOKEN_URL"),
    apiKey: text("SHEETS_API_KEY"),
    serviceAccountEmail: text("SERVICE_ACCOUNT_EMAIL"),
    fetchTimeoutMs,
  };
}

/** The data-repository port's adapter (`DATA_BACKEND`) and its settings. */
function dataConfig({ text, whole, url, oneOf, problems }: EnvReader): Config["data"] {
  if (oneOf("DATA_BACKEND", ["local", "github"] as const, "local") === "local") {
    return { backend: "local", dataDir: text("DATA_DIR") ?? "./local/data" };
  }
  const repo = text("DATA_REPO");
  if (repo === undefined || !/^[\w.-]+\/[\w.-]+$/.test(repo)) {
    problems.push(`DATA_REPO=${JSON.stringify(repo ?? "")} must be owner/name when DATA_BACKEND is github`);
  }
  return {
    backend: "github",
    repo: repo ?? "",
    branch: text("DATA_BRANCH") ?? "main",
    token: text("DATA_REPO_TOKEN"),
    apiUrl: url("GITHUB_API_URL", "https://api.github.com") as string,
    timeoutMs: whole("DATA_REPO_TIMEOUT_MS", 0, Number.MAX_SAFE_INTEGER, 20_000),
  };
}

/** The one startup warning line, or `undefined` when everything is set. */
export function unsetWarning(unset: readonly string[]): string | undefined {
  return unset.length === 0 ? undefined : `${UNSET_WARNING_PREFIX} ${unset.join(", ")}`;
}

/** The one startup error message naming every bad variable. */
export function problemsMessage(problems: readonly string[]): string {
  return `Environment: ${problems.length} unusable value${problems.length === 1 ? "" : "s"}, so the service does not start: ${problems.join("; ")}`;
}
