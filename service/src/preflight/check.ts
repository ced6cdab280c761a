/**
 * One finding of the preflight: what was checked, what was found, and for anything short of a
 * pass, the fix in one sentence. The route's schema (`routes.ts`) is written from these types.
 */

/** What a check looked at; the console groups its findings by it. */
export const CHECK_KINDS = [
  "service-settings",
  "repository",
  "token-expiry",
  "registry",
  "sheets-credentials",
  "workbook-access",
  "workbook-tabs",
  "workbook-trigger",
  "relay-health",
  "relay-secret",
  "relay-origin",
  "pages-config",
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** `fail`: the day will not work as intended; `warn`: it may, but look; `skip`: could not be checked because of an earlier failure. */
export const CHECK_STATUSES = ["pass", "fail", "warn", "skip"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export interface Check {
  check: CheckKind;
  /** What exactly: a file, a workbook with its facility and day, a relay address. */
  subject: string;
  status: CheckStatus;
  /** What was found, in a sentence. */
  detail: string;
  /** The fix in one sentence; present whenever `status` is `fail` or `warn`. */
  fix?: string;
}

/** Builders that keep a fix on every failure and warning. */
export const pass = (check: CheckKind, subject: string, detail: string): Check => ({
  check,
  subject,
  status: "pass",
  detail,
});
export const fail = (check: CheckKind, subject: string, detail: string, fix: string): Check => ({
  check,
  subject,
  status: "fail",
  detail,
  fix,
});
export const warn = (check: CheckKind, subject: string, detail: string, fix: string): Check => ({
  check,
  subject,
  status: "warn",
  detail,
  fix,
});
export const skip = (check: CheckKind, subject: string, detail: string): Check => ({
  check,
  subject,
  status: "skip",
  detail,
});
