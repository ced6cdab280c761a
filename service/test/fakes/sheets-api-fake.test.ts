import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { type SheetsApiFake, startSheetsApiFake } from "./sheets-api-fake.ts";

const TOKEN = "t";
const KEY = "k";

describe("the Sheets API fake refuses what Google refuses", () => {
  let fake: SheetsApiFake;
  const call = async (
    method: "GET" | "POST",
    path: string,
    options: { body?: unknown; key?: boolean } = {},
  ): Promise<{ status: number; message: string }> => {
    const headers: Record<string, string> = options.key
      ? { "x-goog-api-key": KEY }
      : { authorization: `Bearer ${TOKEN}` };
    const response = await fetch(`${fake.url}/v4/spreadsheets/wb${path}`, {
      method,
      headers: { ...headers, "content-type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const json = (await response.json()) as { error?: { message?: string } };
    return { status: response.status, message: json.error?.message ?? "" };
  };
  const batchUpdate = (requests: unknown[]) => call("POST", ":batchUpdate", { body: { requests } });

  before(async () => {
    fake = await startSheetsApiFake({ tokens: [TOKEN], apiKeys: [KEY] });
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.setWorkbook("wb", { Data: [["a", "b"]] }, {}, { Data: { rows: 3, columns: 2 } });
  });

  test("an unknown query parameter, as described by the discovery document", async () => {
    assert.deepEqual(await call("GET", "/values:batchGet?ranges=Data&valueRender=FORMULA"), {
      status: 400,
      message:
        "Invalid JSON payload received. Unknown name \"valueRender\": Cannot bind query parameter. Field 'valueRender' could not be found in request message.",
    });
  });

  test("a query value outside its enum, and a boolean that is not one", async () => {
    const answer = await call("GET", "/values:batchGet?ranges=Data&valueRenderOption=RAW");
    assert.deepEqual(answer, {
      status: 400,
      message: `Invalid value at 'value_render_option' (TYPE_ENUM), "RAW"`,
    });
    assert.equal((await call("GET", "?includeGridData=yes")).status, 400);
  });

  test("an unknown member of a request body, at its place in the body", async () => {
    assert.deepEqual(
      await batchUpdate([
        { updateCells: { start: { sheetId: 0 }, rows: [], fields: "note", colour: "red" } },
      ]),
      {
        status: 400,
        message: `Invalid JSON payload received. Unknown name "colour" at 'requests[0].update_cells': Cannot find field.`,
      },
    );
    assert.equal((await batchUpdate([{ mergeCellz: {} }])).status, 400);
    assert.equal(
      (await call("POST", "/values:batchUpdate", { body: { valueInputOption: "RAW", date: [] } })).status,
      400,
    );
  });

  test("a member of the wrong type", async () => {
    assert.deepEqual(
      await batchUpdate([{ appendDimension: { sheetId: 0, dimension: "ROWS", length: "many" } }]),
      {
        status: 400,
        message: `Invalid value at 'requests[0].append_dimension.length' (TYPE_INT32), "many"`,
      },
    );
  });

  test("a write with an API key: API keys only read", async () => {
    const write = await call("POST", "/values:batchUpdate", {
      key: true,
      body: { valueInputOption: "RAW", data: [{ range: "Data!A1", values: [["x"]] }] },
    });
    assert.equal(write.status, 401);
    assert.match(write.message, /^API keys are not supported by this API/);
    assert.equal((await call("GET", "/values:batchGet?ranges=Data", { key: true })).status, 200);
  });

  test("a range past the grid, written or read, is refused with the grid's size", async () => {
    const write = await call("POST", "/values:batchUpdate", {
      body: { valueInputOption: "RAW", data: [{ range: "Data!C1", values: [["x"]] }] },
    });
    assert.deepEqual(write, {
      status: 400,
      message: "Range (Data!C1) exceeds grid limits. Max rows: 3, max columns: 2",
    });
    assert.equal((await call("GET", "/values:batchGet?ranges=Data!A1:A9")).status, 400);
    assert.equal((await call("GET", "/values:batchGet?ranges=Data")).status, 200);
    const cells = await batchUpdate([
      {
        updateCells: {
          start: { sheetId: 0, rowIndex: 3, columnIndex: 0 },
          rows: [{ values: [{}] }],
          fields: "note",
        },
      },
    ]);
    assert.match(cells.message, /exceeds grid limits/);
  });

  test("appendDimension grows the grid; past 10 million cells in the workbook it is refused, and nothing of the batch applies", async () => {
    assert.equal(
      (await batchUpdate([{ appendDimension: { sheetId: 0, dimension: "COLUMNS", length: 1 } }])).status,
      200,
    );
    assert.equal(fake.tab("wb", "Data")?.columnCount, 3);
    const tooMany = await batchUpdate([
      { appendDimension: { sheetId: 0, dimension: "ROWS", length: 2 } },
      { appendDimension: { sheetId: 0, dimension: "ROWS", length: 4_000_000 } },
    ]);
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.message, /above the limit of 10000000 cells/);
    assert.equal(fake.tab("wb", "Data")?.rowCount, 3);
  });
});
