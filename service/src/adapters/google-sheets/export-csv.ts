import { setTimeout as sleep } from "node:timers/promises";
import { AppError } from "../../shared/errors.ts";
import { timedFetch } from "./sheets-http.ts";

/**
 * One tab of a link-shared workbook as CSV, through the Visualization API's documented
 * `gviz/tq?tqx=out:csv&sheet=<tab name>` export, with no credentials. A tab that is not there
 * answers 400 and reads as `undefined`. A workbook that is not link-shared redirects to sign-in,
 * which is not followed. A 429 is retried once, as every call is.
 */
export async function exportTabCsv(
  exportUrl: string,
  sheetId: string,
  tab: string,
  timeoutMs: number,
  retryDelayMs: number,
): Promise<string | undefined> {
  const url = new URL(`${exportUrl}/spreadsheets/d/${encodeURIComponent(sheetId)}/gviz/tq`);
  url.searchParams.set("tqx", "out:csv");
  url.searchParams.set("sheet", tab);
  let response = await timedFetch(url.toString(), { redirect: "manual" }, timeoutMs);
  if (response.status === 429) {
    await sleep(retryDelayMs);
    response = await timedFetch(url.toString(), { redirect: "manual" }, timeoutMs);
  }
  if (response.status === 400) return undefined;
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
  if (response.status === 429)
    throw new AppError("service_busy", "the spreadsheet service is busy; try again in a minute");
  throw new AppError("upstream_failure", `the CSV export failed (HTTP ${response.status})`);
}
