import type { CredentialsAccess } from "../ports/access-probe.ts";
import { type Check, fail, pass } from "./check.ts";

const SUBJECT = "the service account's credentials";

const NEW_KEY =
  "make a new JSON key for the service account (Google Cloud console → IAM & Admin → Service accounts → the account → Keys → Add key) and point GOOGLE_APPLICATION_CREDENTIALS at it; on Cloud Run, leave GOOGLE_APPLICATION_CREDENTIALS unset: the service uses its own account";

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * Whether the service can get a token for the Sheets and Drive APIs, named before any workbook is
 * asked about: without one, no attendance mark or score can be written, whatever the sharing.
 * `undefined` when the backend needs no credentials (local workbooks).
 * @example const check = credentialsCheck(await probe.credentials());
 */
export function credentialsCheck(access: CredentialsAccess | undefined): Check | undefined {
  if (access === undefined) return undefined;
  switch (access.kind) {
    case "ok":
      return pass(
        "sheets-credentials",
        SUBJECT,
        access.source === "fixed-token"
          ? "a fixed token is set (SHEETS_ACCESS_TOKEN, for development): the workbook checks say whether it works"
          : `the service gets a token as ${access.account ?? "its service account"}${access.source === "key-file" ? " (from its key file)" : ""}`,
      );
    case "none":
      return fail(
        "sheets-credentials",
        SUBJECT,
        `the service has no spreadsheet credentials: ${access.reason}, so no workbook can be written (and only link-shared ones read, with SHEETS_API_KEY)`,
        "Run the service on Cloud Run as its service account (deploy/setup does), or set GOOGLE_APPLICATION_CREDENTIALS to the account's JSON key file.",
      );
    case "key-file":
      return fail(
        "sheets-credentials",
        `GOOGLE_APPLICATION_CREDENTIALS=${access.file}`,
        `the key file cannot be used: ${access.reason}`,
        access.problem === "missing" || access.problem === "unreadable"
          ? "Put the service account's JSON key at that path (readable by the service), or correct GOOGLE_APPLICATION_CREDENTIALS; on Cloud Run, leave it unset: the service uses its own account."
          : `${capital(NEW_KEY)}.`,
      );
    case "refused":
      return fail(
        "sheets-credentials",
        SUBJECT,
        `Google refused the service account's key (${access.reason}): it was deleted or disabled, or never belonged to the account`,
        `${capital(NEW_KEY)}.`,
      );
    case "unreachable":
      return fail(
        "sheets-credentials",
        SUBJECT,
        `Google's token service could not be reached: ${access.reason}, so no token could be had`,
        "Check that the service can reach oauth2.googleapis.com (no firewall or proxy in the way), then run the preflight again.",
      );
  }
}
