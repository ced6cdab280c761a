import type { IncomingMessage, ServerResponse } from "node:http";
import { FaultPlan, type FaultScope } from "./fault-plan.ts";
import { type FakeSpreadsheet, GoogleApiError } from "./google-api-error.ts";
import { listen, type RunningServer, readBody, sendJson } from "./http-server.ts";
import { spreadsheetsBatchUpdate } from "./sheets-api-batch-update.ts";
import { spreadsheetsGet, valuesBatchGet, valuesBatchUpdate, valuesGet } from "./sheets-api-methods.ts";
import { type FakeCell, readRange, type SeedCell, seedCell } from "./sheets-workbook-model.ts";

/** Who may open a workbook: the service account's token (shared as Editor) and/or an API key (link-shared). */
export interface WorkbookAccess {
  token?: boolean;
  key?: boolean;
}

export interface SheetsApiFake extends RunningServer {
  /** Replaces a workbook: tabs in order, rows of plain values or `{ formula, value }` cells. */
  setWorkbook(id: string, tabs: Record<string, SeedCell[][]>, access?: WorkbookAccess): void;
  /** A cell as stored (zero-based), for assertions on notes and formulas. */
  cell(id: string, tab: string, row: number, column: number): FakeCell | undefined;
  /** The next matching requests answer `status` with Google's error JSON. */
  failNext(fault: { status: 400 | 401 | 403 | 404 | 429 | 500 | 503 } & FaultScope): void;
  hangNext(scope?: FaultScope): void;
  resetNext(scope?: FaultScope): void;
  malformedNext(scope?: FaultScope): void;
  slowBodyNext(scope?: FaultScope): void;
  setLatency(ms: number): void;
  /** Requests seen, in order; `count(pathPart)` counts those whose path contains it. */
  readonly requests: FaultPlan["requests"];
  count(pathPart?: string): number;
  resetLog(): void;
}

const STATUS_NAMES: Record<number, [string, string]> = {
  400: ["INVALID_ARGUMENT", "Request contains an invalid argument."],
  401: ["UNAUTHENTICATED", "Request had invalid authentication credentials."],
  403: ["PERMISSION_DENIED", "The caller does not have permission"],
  404: ["NOT_FOUND", "Requested entity was not found."],
  429: [
    "RESOURCE_EXHAUSTED",
    "Quota exceeded for quota metric 'Read requests' of service 'sheets.googleapis.com'.",
  ],
  500: ["INTERNAL", "Internal error encountered."],
  503: ["UNAVAILABLE", "The service is currently unavailable."],
};

function statusError(code: number): GoogleApiError {
  const [status, message] = STATUS_NAMES[code] ?? ["UNKNOWN", "Unknown error."];
  return new GoogleApiError(code, status, message);
}

/**
 * Starts a fake of the Google Sheets API v4 (values get/batchGet/batchUpdate, spreadsheets get and
 * batchUpdate with addSheet and updateCells) and of the link-shared CSV export
 * (`/spreadsheets/d/{id}/gviz/tq?tqx=out:csv&sheet=`), on 127.0.0.1. Answers and error bodies
 * follow the public documentation. Credentials: `Authorization: Bearer <token>` or `key=<api key>`;
 * an API key may only read.
 * @example const fake = await startSheetsApiFake({ tokens: ["t"], apiKeys: ["k"] });
 */
export async function startSheetsApiFake(
  options: { tokens?: string[]; apiKeys?: string[] } = {},
): Promise<SheetsApiFake> {
  const tokens = new Set(options.tokens ?? ["test-token"]);
  const apiKeys = new Set(options.apiKeys ?? ["test-key"]);
  const books = new Map<string, FakeSpreadsheet & { access: Required<WorkbookAccess> }>();
  const plan = new FaultPlan();
  let baseUrl = "";

  function authorize(req: IncomingMessage, query: URLSearchParams, id: string) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const key = query.get("key");
    if (bearer !== undefined && !tokens.has(bearer)) throw statusError(401);
    if (bearer === undefined && key === null) {
      throw new GoogleApiError(403, "PERMISSION_DENIED", "The request is missing a valid API key.");
    }
    if (bearer === undefined && key !== null && !apiKeys.has(key)) {
      throw GoogleApiError.invalid("API key not valid. Please pass a valid API key.");
    }
    if (bearer === undefined && req.method !== "GET") {
      throw new GoogleApiError(
        401,
        "UNAUTHENTICATED",
        "API keys are not supported by this API. Expected OAuth2 access token or other authentication credentials that assert a principal.",
      );
    }
    const book = books.get(id);
    if (!book) throw statusError(404);
    if (!(bearer !== undefined ? book.access.token : book.access.key)) throw statusError(403);
    return book;
  }

  async function api(req: IncomingMessage, path: string, query: URLSearchParams): Promise<unknown> {
    const match = /^\/v4\/spreadsheets\/([^/:]+)(.*)$/.exec(path);
    if (!match) throw statusError(404);
    const book = authorize(req, query, decodeURIComponent(match[1] ?? ""));
    const rest = match[2] ?? "";
    const body = req.method === "POST" ? JSON.parse((await readBody(req)) || "{}") : undefined;
    if (req.method === "GET" && rest === "") return spreadsheetsGet(book, query);
    if (req.method === "GET" && rest === "/values:batchGet") return valuesBatchGet(book, query);
    if (req.method === "GET" && rest.startsWith("/values/"))
      return valuesGet(book, decodeURIComponent(rest.slice(8)), query);
    if (req.method === "POST" && rest === "/values:batchUpdate") return valuesBatchUpdate(book, body);
    if (req.method === "POST" && rest === ":batchUpdate") return spreadsheetsBatchUpdate(book, body);
    throw statusError(404);
  }

  function exportCsv(res: ServerResponse, id: string, query: URLSearchParams): void {
    const book = books.get(id);
    if (!book) return void res.writeHead(404, { "content-type": "text/html" }).end("<html>Not Found</html>");
    // A workbook that is not link-shared sends an anonymous reader to the sign-in page.
    if (!book.access.key)
      return void res.writeHead(302, { location: `${baseUrl}/accounts/ServiceLogin` }).end();
    const sheet = book.sheets.find((s) => s.title === query.get("sheet"));
    if (query.get("tqx") !== "out:csv" || !sheet) {
      return void res.writeHead(400, { "content-type": "text/html" }).end("<html>Invalid query</html>");
    }
    const rows = readRange(sheet, { tab: sheet.title, startRow: 0, startColumn: 0 }, "FORMATTED_VALUE");
    const width = Math.max(0, ...rows.map((r) => r.length));
    const quote = (v: unknown) => `"${String(v ?? "").replaceAll('"', '""')}"`;
    const lines = rows.map((row) => Array.from({ length: width }, (_, c) => quote(row[c] ?? "")).join(","));
    res.writeHead(200, { "content-type": "text/csv; charset=utf-8" }).end(lines.join("\n"));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { url, fault } = await plan.arrive(req);
    if (fault?.kind === "status")
      return sendJson(res, fault.status ?? 500, statusError(fault.status ?? 500).body);
    const exportMatch = /^\/spreadsheets\/d\/([^/]+)\/gviz\/tq$/.exec(url.pathname);
    if (exportMatch && !fault)
      return exportCsv(res, decodeURIComponent(exportMatch[1] ?? ""), url.searchParams);
    let status = 200;
    let body: unknown;
    try {
      body = await api(req, url.pathname, url.searchParams);
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      status = error.code;
      body = error.body;
    }
    if (fault) return plan.play(fault, res, JSON.stringify(body));
    sendJson(res, status, body);
  }

  const server = await listen(handle, () => plan.stop());
  baseUrl = server.url;
  return {
    ...server,
    setWorkbook(id, tabs, access = {}) {
      const sheets = Object.entries(tabs).map(([title, rows], index) => ({
        sheetId: index === 0 ? 0 : 1000 + index * 7919,
        title,
        cells: rows.map((row) => row.map(seedCell)),
      }));
      books.set(id, {
        id,
        sheets,
        nextSheetId: 900_001,
        access: { token: access.token ?? true, key: access.key ?? true },
      });
    },
    cell: (id, tab, row, column) => books.get(id)?.sheets.find((s) => s.title === tab)?.cells[row]?.[column],
    failNext: ({ status, ...scope }) => plan.add("status", scope, status),
    hangNext: (scope) => plan.add("hang", scope),
    resetNext: (scope) => plan.add("reset", scope),
    malformedNext: (scope) => plan.add("malformed", scope),
    slowBodyNext: (scope) => plan.add("slow-body", scope),
    setLatency: (ms) => {
      plan.latencyMs = ms;
    },
    requests: plan.requests,
    count: (pathPart) => plan.count(pathPart),
    resetLog: () => plan.clear(),
  };
}
