import { randomInt } from "node:crypto";
import {
  GridFullError,
  type NotedCellWrite,
  type RangeWrite,
  type TabForUpdate,
  type TabHandle,
} from "../../ports/spreadsheet.ts";
import { AppError } from "../../shared/errors.ts";
import { enteredValue, extentOf, type RowData, rendersOf, updateCellsFor } from "./cell-data.ts";
import type { SheetsAnswer, SheetsHttp } from "./sheets-http.ts";
import { listTabProperties } from "./tab-directory.ts";

/** A tab Sheets makes with no size asked for. */
const NEW_TAB_GRID = { rows: 1000, columns: 26 };
const PAST_THE_GRID = /exceeds grid limits/i;
const NO_ROOM = /above the limit of|at most \d+ columns/i;

/** A tab title as an A1 range that means the whole tab. */
export function quoteTab(title: string): string {
  return `'${title.replaceAll("'", "''")}'`;
}

const refusal = (what: string) =>
  new AppError("upstream_failure", `the spreadsheet service refused ${what} (HTTP 400)`);

/**
 * The writes of the Google Sheets adapter that go by tab: values (growing the grid when a write
 * passes its edge), a tab created with its content, and cells with notes through the id read with
 * them. Each is one `batchUpdate`, so it applies whole or not at all.
 */
export function createTabWrites(http: SheetsHttp) {
  const batchUpdate = (sheetId: string, requests: object[], idempotent = true): Promise<SheetsAnswer> =>
    http.send({ method: "POST", sheetId, path: ":batchUpdate", body: { requests }, idempotent });

  /** The grid is smaller than the writes: they go again with `appendDimension`, in one `batchUpdate`. */
  async function growAndWrite(sheetId: string, writes: readonly RangeWrite[]): Promise<void> {
    // The ids are read now, so a tab renamed or replaced meanwhile is never written through an old one.
    const tabs = await listTabProperties(http, sheetId);
    const grow: object[] = [];
    const cells: object[] = [];
    const reach = new Map<string, { rows: number; columns: number }>();
    for (const write of writes) {
      const { tab, lastRow, lastColumn } = extentOf(write);
      const far = reach.get(tab) ?? { rows: 0, columns: 0 };
      reach.set(tab, {
        rows: Math.max(far.rows, lastRow + 1),
        columns: Math.max(far.columns, lastColumn + 1),
      });
    }
    for (const [title, needed] of reach) {
      const tab = tabs.find((t) => t.title === title);
      if (!tab) throw refusal("the write");
      if (needed.rows > tab.rowCount)
        grow.push({
          appendDimension: { sheetId: tab.sheetId, dimension: "ROWS", length: needed.rows - tab.rowCount },
        });
      if (needed.columns > tab.columnCount) {
        const length = needed.columns - tab.columnCount;
        grow.push({ appendDimension: { sheetId: tab.sheetId, dimension: "COLUMNS", length } });
      }
    }
    for (const write of writes) {
      const tab = tabs.find((t) => t.title === extentOf(write).tab);
      if (tab) cells.push(...updateCellsFor(write, tab.sheetId));
    }
    // Appending twice would grow the grid twice: this request is never retried after a 5xx.
    const answer = await batchUpdate(sheetId, [...grow, ...cells], false);
    if (answer.status !== 400) return;
    throw NO_ROOM.test(answer.upstreamMessage) ? new GridFullError() : refusal("the write");
  }

  return {
    async writeRanges(sheetId: string, writes: readonly RangeWrite[]): Promise<void> {
      if (writes.length === 0) return;
      const data = writes.map(({ range, values }) => ({ range, majorDimension: "ROWS", values }));
      const answer = await http.send({
        method: "POST",
        sheetId,
        path: "/values:batchUpdate",
        body: { valueInputOption: "RAW", data },
      });
      if (answer.status !== 400) return;
      if (!PAST_THE_GRID.test(answer.upstreamMessage)) throw refusal("the write");
      await growAndWrite(sheetId, writes);
    },

    async createTab(sheetId: string, title: string, writes: readonly RangeWrite[]): Promise<void> {
      const extents = writes.map(extentOf);
      if (extents.some((extent) => extent.tab !== title))
        throw new AppError("internal_error", `a new tab's content must be on the tab "${title}"`);
      // An id of our own, so the content can go in the same batchUpdate as the tab.
      const tabId = randomInt(1, 2 ** 31 - 1);
      const gridProperties = {
        rowCount: Math.max(NEW_TAB_GRID.rows, ...extents.map((e) => e.lastRow + 1)),
        columnCount: Math.max(NEW_TAB_GRID.columns, ...extents.map((e) => e.lastColumn + 1)),
      };
      const requests = [
        { addSheet: { properties: { sheetId: tabId, title, gridProperties } } },
        ...writes.flatMap((write) => updateCellsFor(write, tabId)),
      ];
      const answer = await batchUpdate(sheetId, requests, false);
      if (answer.status !== 400) return;
      if (/already exists/i.test(answer.upstreamMessage))
        throw new AppError("upstream_failure", `the workbook already has a tab "${title}"`);
      throw refusal("the new tab");
    },

    async readTabForUpdate(sheetId: string, title: string): Promise<TabForUpdate | undefined> {
      const answer = await http.send({
        method: "GET",
        sheetId,
        path: "",
        query: [
          ["ranges", quoteTab(title)],
          [
            "fields",
            "sheets(properties(sheetId,title),data.rowData.values(userEnteredValue,effectiveValue,note))",
          ],
        ],
      });
      if (answer.status === 400) {
        if (/unable to parse range/i.test(answer.upstreamMessage)) return undefined;
        throw refusal("the read");
      }
      const sheet = (
        answer.json as {
          sheets?: { properties?: { sheetId?: number; title?: string }; data?: { rowData?: RowData[] }[] }[];
        }
      ).sheets?.[0];
      const id = sheet?.properties?.sheetId;
      if (id === undefined) throw new AppError("upstream_failure", "the spreadsheet service sent no tab id");
      return { ...rendersOf(sheet?.data?.[0]?.rowData ?? []), tab: { title, id } };
    },

    async writeCellsWithNotes(
      sheetId: string,
      tab: TabHandle,
      cells: readonly NotedCellWrite[],
    ): Promise<void> {
      if (cells.length === 0) return;
      if (tab.id === undefined)
        throw new AppError(
          "internal_error",
          "cells with notes are written to a tab found by readTabForUpdate",
        );
      const requests = cells.map((cell) => ({
        updateCells: {
          start: { sheetId: tab.id, rowIndex: cell.row, columnIndex: cell.column },
          rows: [{ values: [{ userEnteredValue: enteredValue(cell.value), note: cell.note }] }],
          fields: "userEnteredValue,note",
        },
      }));
      const answer = await batchUpdate(sheetId, requests);
      if (answer.status !== 400) return;
      if (/no grid with id/i.test(answer.upstreamMessage))
        throw new AppError(
          "upstream_failure",
          `the tab "${tab.title}" was deleted while it was being written`,
        );
      throw refusal("the cell update");
    },
  };
}
