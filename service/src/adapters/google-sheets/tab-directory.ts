import type { SheetsHttp } from "./sheets-http.ts";

interface SheetList {
  sheets?: { properties?: { sheetId?: number; title?: string } }[];
}

/** How long a workbook's tab ids are trusted; tabs are rarely added, and a miss refreshes. */
const TAB_IDS_TTL_MS = 60_000;

/**
 * The tabs of each workbook: titles in order, and the numeric `sheetId` that `updateCells` needs,
 * cached briefly per workbook.
 */
export function createTabDirectory(http: SheetsHttp, now: () => number) {
  const cache = new Map<string, { at: number; ids: Map<string, number> }>();

  async function fetchTabs(sheetId: string): Promise<Map<string, number>> {
    const list = await http.json<SheetList>({
      method: "GET",
      sheetId,
      path: "",
      query: [["fields", "sheets.properties(sheetId,title)"]],
    });
    const ids = new Map<string, number>();
    for (const sheet of list.sheets ?? []) {
      if (typeof sheet.properties?.title === "string")
        ids.set(sheet.properties.title, sheet.properties.sheetId ?? 0);
    }
    cache.set(sheetId, { at: now(), ids });
    return ids;
  }

  return {
    /** The tab titles in workbook order, always fresh. */
    async titles(sheetId: string): Promise<string[]> {
      return [...(await fetchTabs(sheetId)).keys()];
    },

    /** The numeric id of each tab asked for; `undefined` for a tab the workbook does not have. */
    async ids(sheetId: string, tabs: readonly string[]): Promise<Map<string, number | undefined>> {
      const cached = cache.get(sheetId);
      let ids = cached && now() - cached.at < TAB_IDS_TTL_MS ? cached.ids : undefined;
      if (!ids || tabs.some((tab) => !ids?.has(tab))) ids = await fetchTabs(sheetId);
      return new Map(tabs.map((tab) => [tab, ids?.get(tab)]));
    },

    forget(sheetId: string): void {
      cache.delete(sheetId);
    },
  };
}
