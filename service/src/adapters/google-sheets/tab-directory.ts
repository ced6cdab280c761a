import type { SheetsHttp } from "./sheets-http.ts";

/** A tab's identity and grid, as the spreadsheet holds them now. */
export interface TabProperties {
  title: string;
  sheetId: number;
  rowCount: number;
  columnCount: number;
}

interface SheetList {
  sheets?: {
    properties?: {
      sheetId?: number;
      title?: string;
      gridProperties?: { rowCount?: number; columnCount?: number };
    };
  }[];
}

/**
 * The tabs of a workbook in order, read now: never cached, because a tab renamed or replaced by
 * another of the same title (an organiser keeping a copy) must never be reached through an old id.
 * @example const tabs = await listTabProperties(http, sheetId); tabs.find((t) => t.title === "ATTENDANCE")?.sheetId
 */
export async function listTabProperties(http: SheetsHttp, sheetId: string): Promise<TabProperties[]> {
  const list = await http.json<SheetList>({
    method: "GET",
    sheetId,
    path: "",
    query: [["fields", "sheets.properties(sheetId,title,gridProperties(rowCount,columnCount))"]],
  });
  return (list.sheets ?? []).flatMap(({ properties: p }) =>
    typeof p?.title === "string"
      ? [
          {
            title: p.title,
            sheetId: p.sheetId ?? 0,
            rowCount: p.gridProperties?.rowCount ?? 0,
            columnCount: p.gridProperties?.columnCount ?? 0,
          },
        ]
      : [],
  );
}
