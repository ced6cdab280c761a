import { AppError } from "../../shared/errors.ts";
import { type RetryPolicy, withRetries } from "./retry-policy.ts";
import { deadlineOf, timedFetch } from "./sheets-http.ts";

export interface ExportOptions extends Omit<RetryPolicy, "deadline" | "idempotent"> {
  exportUrl: string;
  fetchTimeoutMs: number;
}

/**
 * One tab of a link-shared workbook as CSV, through the documented export
 * `/spreadsheets/d/<id>/export?format=csv&gid=<tab id>`, with no credentials: every cell as it is
 * displayed, in every row. (The Visualization API's `gviz/tq` export is not used: it gives each
 * column one type, turning the values of the minority type into nulls, and guesses header rows.)
 * The tab id comes from a listing made just before, never from a cache. A workbook that is not
 * link-shared redirects to sign-in, which is not followed.
 */
export async function exportTabCsv(options: ExportOptions, sheetId: string, tabId: number): Promise<string> {
  const url = new URL(`${options.exportUrl}/spreadsheets/d/${encodeURIComponent(sheetId)}/export`);
  url.searchParams.set("format", "csv");
  url.searchParams.set("gid", String(tabId));
  const deadline = deadlineOf(options.fetchTimeoutMs);
  const response = await withRetries(() => timedFetch(url.toString(), { redirect: "manual" }, deadline), {
    ...options,
    deadline,
    idempotent: true,
  });
  const isCsv = /csv/i.test(response.headers.get("content-type") ?? "");
  if (response.status === 200 && isCsv) return response.text;
  if (
    (response.status >= 300 && response.status < 400) ||
    response.status === 401 ||
    response.status === 403
  ) {
    throw new AppError(
      "upstream_failure",
      "the workbook is not shared by link, so its CSV export is refused",
    );
  }
  if (response.status === 404)
    throw new AppError("upstream_failure", "the spreadsheet service has no such workbook");
  throw new AppError("upstream_failure", `the CSV export failed (HTTP ${response.status})`);
}
