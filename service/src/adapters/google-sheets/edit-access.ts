import type { WorkbookAccess } from "../../ports/access-probe.ts";
import type { SheetsCredentials } from "./credentials.ts";
import { deadlineOf, timedFetch } from "./sheets-http.ts";

export interface EditAccessOptions {
  /** `DRIVE_API_URL`, such as `https://www.googleapis.com`. */
  driveApiUrl: string;
  credentials: SheetsCredentials;
  /** The bound on the one Drive call; 0 = none. */
  fetchTimeoutMs: number;
}

/** Google's reasons in an error body: `error.errors[].reason` (Drive v3) and `error.details[].reason`. */
function reasonsOf(text: string): string[] {
  try {
    const error = (JSON.parse(text) as { error?: { errors?: unknown[]; details?: unknown[] } }).error;
    return [...(error?.errors ?? []), ...(error?.details ?? [])].flatMap((entry) => {
      const reason = (entry as { reason?: unknown } | null)?.reason;
      return typeof reason === "string" ? [reason] : [];
    });
  } catch {
    return [];
  }
}

const unknown = (reason: string): WorkbookAccess => ({ kind: "unknown", reason });

/**
 * Asks Google Drive whether the service account may edit a workbook: `files.get` with
 * `fields=capabilities/canEdit` (the Sheets API has no call that says it). A file the account
 * cannot see at all is a 404 there, so `not-shared`. Never throws; changes nothing.
 * @example const access = await workbookEditAccess(options, "1AbC…"); // { kind: "edit" }
 */
export async function workbookEditAccess(
  options: EditAccessOptions,
  sheetId: string,
): Promise<WorkbookAccess> {
  const token = await options.credentials.accessToken();
  if (token === undefined)
    return unknown("the service has no service-account token, so it cannot ask Google Drive");
  const url = new URL(`${options.driveApiUrl}/drive/v3/files/${encodeURIComponent(sheetId)}`);
  url.searchParams.set("fields", "capabilities/canEdit");
  url.searchParams.set("supportsAllDrives", "true");
  let answer: Awaited<ReturnType<typeof timedFetch>>;
  try {
    answer = await timedFetch(
      url.toString(),
      { headers: { authorization: `Bearer ${token}`, accept: "application/json" } },
      deadlineOf(options.fetchTimeoutMs),
    );
  } catch {
    return unknown("Google Drive could not be reached to tell whether the account may edit it; try again");
  }
  if (answer.ok) {
    let canEdit: unknown;
    try {
      canEdit = (JSON.parse(answer.text) as { capabilities?: { canEdit?: unknown } }).capabilities?.canEdit;
    } catch {
      canEdit = undefined;
    }
    if (typeof canEdit !== "boolean") return unknown("Google Drive sent an unreadable answer; try again");
    return canEdit ? { kind: "edit" } : { kind: "read-only" };
  }
  if (answer.status === 404) return { kind: "not-shared" };
  const reasons = reasonsOf(answer.text);
  if (reasons.includes("accessNotConfigured") || reasons.includes("SERVICE_DISABLED"))
    return unknown(
      "the Google Drive API is off in the Cloud project: enable drive.googleapis.com (deploy/setup does)",
    );
  if (reasons.includes("insufficientPermissions") || reasons.includes("ACCESS_TOKEN_SCOPE_INSUFFICIENT"))
    return unknown(
      "the service's token lacks the drive.metadata.readonly scope (a SHEETS_ACCESS_TOKEN made without it?)",
    );
  return unknown(`Google Drive answered HTTP ${answer.status}; try again`);
}
