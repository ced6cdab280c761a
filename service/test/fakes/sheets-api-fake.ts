import type { IncomingMessage, ServerResponse } from "node:http";
import { FaultPlan, type FaultScope, type LoggedRequest } from "./fault-plan.ts";
import { type FakeSpreadsheet, GoogleApiError } from "./google-api-error.ts";
import { listen, type RunningServer, readBody, sendJson } from "./http-server.ts";
import { type KnownKey, tokenEndpoint } from "./oauth-token-fake.ts";
import { spreadsheetsBatchUpdate } from "./sheets-api-batch-update.ts";
import { spreadsheetsGet, valuesBatchGet, valuesBatchUpdate, valuesGet } from "./sheets-api-methods.ts";
import { checkSheetsRequest } from "./sheets-request-check.ts";
import {
  DEFAULT_GRID,
  type FakeCell,
  type FakeSheet,
  readRange,
  type SeedCell,
  seedCell,
} from "./sheets-workbook-model.ts";

/**
 * Who may open a workbook: the service account's token (shared with it; `role` says as what,
 * Editor by default) and/or an API key (link-shared).
 */
export interface WorkbookAccess {
  token?: boolean;
  key?: boolean;
  role?: "writer" | "reader";
}

/** A tab's grid size; a seeded tab gets at least 1000 × 26, or exactly this. */
export type GridSize = { rows: number; columns: number };

export interface SheetsApiFake extends RunningServer {
  /**
   * Replaces a workbook: tabs in order, rows of plain values or `{ formula, value }` cells, and
   * optionally a grid size per tab (a tab imported from CSV or trimmed by hand is exactly its data).
   */
  setWorkbook(
    id: string,
    tabs: Record<string, SeedCell[][]>,
    access?: WorkbookAccess,
    grids?: Record<string, GridSize>,
  ): void;
  /** A cell as stored (zero-based), for assertions on notes and formulas. */
  cell(id: string, tab: string, row: number, column: number): FakeCell | undefined;
  /** A tab's numeric id and grid size, or `undefined`. */
  tab(id: string, title: string): { sheetId: number; rowCount: number; columnCount: number } | undefined;
  /** What an organiser does in the Sheets UI: rename a tab, or duplicate one under a new title (new id). */
  renameTab(id: string, from: string, to: string): void;
  duplicateTab(id: string, source: string, title: string): void;
  /** The next matching requests answer `status` with Google's error JSON. */
  failNext(fault: { status: 400 | 401 | 403 | 404 | 429 | 500 | 502 | 503 } & FaultScope): void;
  hangNext(scope?: FaultScope): void;
  resetNext(scope?: FaultScope): void;
  malformedNext(scope?: FaultScope): void;
  slowBodyNext(scope?: FaultScope): void;
  setLatency(ms: number): void;
  /**
   * Google now holds `publicKey` for the service account `email`: its token endpoint (`POST /token`)
   * gives a key signed by it `token`, which this fake then accepts. Any other key is refused.
   */
  knowKey(email: string, publicKey: KnownKey["publicKey"], token: string): void;
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
  502: ["UNAVAILABLE", "The service is currently unavailable."],
  503: ["UNAVAILABLE", "The service is currently unavailable."],
};

function statusError(code: number): GoogleApiError {
  const [status, message] = STATUS_NAMES[code] ?? ["UNKNOWN", "Unknown error."];
  return new GoogleApiError(code, status, message);
}

/** CSV as the export writes it: a field is quoted only when it must be. */
function csvField(value: unknown): string {
  const text = String(value ?? "");
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Starts a fake of the Google Sheets API v4 (values get/batchGet/batchUpdate, spreadsheets get and
 * batchUpdate with addSheet, updateCells and appendDimension), of a link-shared workbook's CSV
 * export (`/spreadsheets/d/{id}/export?format=csv&gid=`), of Google Drive's `files.get` for a
 * workbook's `capabilities.canEdit` and of Google's token endpoint for service account keys
 * (`POST /token`, `oauth-token-fake.ts`), on 127.0.0.1. Every request is checked
 * against the vendored discovery document (`descriptions/`), and refused as Google refuses it:
 * unknown parameters and members, a range past a tab's grid, a write with an API key. Credentials:
 * `Authorization: Bearer <token>`, or an API key in `X-Goog-Api-Key` or `key=`.
 * @example const fake = await startSheetsApiFake({ tokens: ["t"], apiKeys: ["k"] });
 */
export async function startSheetsApiFake(
  options: { tokens?: string[]; apiKeys?: string[] } = {},
): Promise<SheetsApiFake> {
  const tokens = new Set(options.tokens ?? ["test-token"]);
  const apiKeys = new Set(options.apiKeys ?? ["test-key"]);
  const books = new Map<string, FakeSpreadsheet & { access: Required<WorkbookAccess> }>();
  const keys = new Map<string, KnownKey>();
  const plan = new FaultPlan();
  let baseUrl = "";

  function authorize(req: IncomingMessage, query: URLSearchParams, id: string) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const header = req.headers["x-goog-api-key"];
    const key = typeof header === "string" ? header : query.get("key");
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
    // A Viewer may read; every write is refused as Google refuses it.
    if (bearer !== undefined && req.method !== "GET" && book.access.role === "reader") throw statusError(403);
    return book;
  }

  async function api(
    req: IncomingMessage,
    path: string,
    query: URLSearchParams,
    logged: LoggedRequest,
  ): Promise<unknown> {
    const id = /^\/v4\/spreadsheets\/([^/:]+)/.exec(path)?.[1];
    if (id === undefined) throw statusError(404);
    const book = authorize(req, query, decodeURIComponent(id));
    let body: unknown;
    if (req.method === "POST") {
      try {
        body = JSON.parse((await readBody(req)) || "{}");
        logged.body = body;
      } catch {
        throw GoogleApiError.invalid("Invalid JSON payload received. Unexpected token.");
      }
    }
    const call = checkSheetsRequest(req.method ?? "GET", path, query, body);
    switch (call.id) {
      case "sheets.spreadsheets.get":
        return spreadsheetsGet(book, query);
      case "sheets.spreadsheets.batchUpdate":
        return spreadsheetsBatchUpdate(book, body as never);
      case "sheets.spreadsheets.values.get":
        return valuesGet(book, call.path.range ?? "", query);
      case "sheets.spreadsheets.values.batchGet":
        return valuesBatchGet(book, query);
      case "sheets.spreadsheets.values.batchUpdate":
        return valuesBatchUpdate(book, body as never);
    }
    throw statusError(404);
  }

  function exportCsv(res: ServerResponse, id: string, query: URLSearchParams): void {
    const book = books.get(id);
    if (!book) return void res.writeHead(404, { "content-type": "text/html" }).end("<html>Not Found</html>");
    // A workbook that is not link-shared sends an anonymous reader to the sign-in page.
    if (!book.access.key)
      return void res.writeHead(302, { location: `${baseUrl}/accounts/ServiceLogin` }).end();
    const sheet = book.sheets.find((s) => String(s.sheetId) === query.get("gid"));
    if (query.get("format") !== "csv" || !sheet) {
      return void res.writeHead(400, { "content-type": "text/html" }).end("<html>Bad Request</html>");
    }
    const rows = readRange(sheet, { tab: sheet.title, startRow: 0, startColumn: 0 }, "FORMATTED_VALUE");
    const width = Math.max(0, ...rows.map((r) => r.length));
    const lines = rows.map((row) => Array.from({ length: width }, (_, c) => csvField(row[c])).join(","));
    res.writeHead(200, { "content-type": "text/csv" }).end(lines.join("\r\n"));
  }

  /**
   * Google Drive v3 `files.get` with `fields=capabilities/canEdit`, as the preflight asks it: a file
   * not shared with the token's account is a 404, as Drive answers.
   */
  function driveFile(req: IncomingMessage, res: ServerResponse, id: string, query: URLSearchParams): void {
    const unknown = [...query.keys()].find((name) => !["fields", "supportsAllDrives"].includes(name));
    if (unknown !== undefined)
      return void sendJson(res, 400, GoogleApiError.invalid(`Invalid field selection ${unknown}`).body);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (bearer === undefined || !tokens.has(bearer)) return void sendJson(res, 401, statusError(401).body);
    const book = books.get(id);
    if (!book?.access.token) {
      const message = `File not found: ${id}.`;
      return void sendJson(res, 404, {
        error: { code: 404, message, errors: [{ message, domain: "global", reason: "notFound" }] },
      });
    }
    sendJson(res, 200, { capabilities: { canEdit: book.access.role === "writer" } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { url, fault, logged } = await plan.arrive(req);
    if (fault?.kind === "status")
      return sendJson(res, fault.status ?? 500, statusError(fault.status ?? 500).body);
    if (url.pathname === "/token" && req.method === "POST" && !fault) return tokenEndpoint(req, res, keys);
    const driveMatch = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
    if (driveMatch && req.method === "GET" && !fault)
      return driveFile(req, res, decodeURIComponent(driveMatch[1] ?? ""), url.searchParams);
    const exportMatch = /^\/spreadsheets\/d\/([^/]+)\/export$/.exec(url.pathname);
    if (exportMatch && !fault)
      return exportCsv(res, decodeURIComponent(exportMatch[1] ?? ""), url.searchParams);
    let status = 200;
    let body: unknown;
    try {
      body = await api(req, url.pathname, url.searchParams, logged);
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      status = error.code;
      body = error.body;
    }
    if (fault) return plan.play(fault, res, JSON.stringify(body));
    sendJson(res, status, body);
  }

  const sheetOf = (id: string, title: string): FakeSheet => {
    const sheet = books.get(id)?.sheets.find((s) => s.title === title);
    if (!sheet) throw new Error(`the fake has no tab "${title}" in ${id}`);
    return sheet;
  };

  const server = await listen(handle, () => plan.stop());
  baseUrl = server.url;
  return {
    ...server,
    setWorkbook(id, tabs, access = {}, grids = {}) {
      const sheets = Object.entries(tabs).map(([title, rows], index): FakeSheet => {
        const grid = grids[title];
        return {
          sheetId: index === 0 ? 0 : 1000 + index * 7919,
          title,
          cells: rows.map((row) => row.map(seedCell)),
          rowCount: grid?.rows ?? Math.max(DEFAULT_GRID.rowCount, rows.length),
          columnCount: grid?.columns ?? Math.max(DEFAULT_GRID.columnCount, ...rows.map((r) => r.length)),
        };
      });
      books.set(id, {
        id,
        sheets,
        nextSheetId: 900_001,
        access: { token: access.token ?? true, key: access.key ?? true, role: access.role ?? "writer" },
      });
    },
    cell: (id, tab, row, column) => books.get(id)?.sheets.find((s) => s.title === tab)?.cells[row]?.[column],
    tab(id, title) {
      const sheet = books.get(id)?.sheets.find((s) => s.title === title);
      return sheet && { sheetId: sheet.sheetId, rowCount: sheet.rowCount, columnCount: sheet.columnCount };
    },
    renameTab(id, from, to) {
      sheetOf(id, from).title = to;
    },
    duplicateTab(id, source, title) {
      const book = books.get(id);
      const original = sheetOf(id, source);
      const copy = { ...structuredClone(original), title, sheetId: (book?.nextSheetId ?? 0) + 1 };
      if (book) book.nextSheetId = copy.sheetId + 1;
      book?.sheets.splice(book.sheets.indexOf(original) + 1, 0, copy);
    },
    knowKey(email, publicKey, token) {
      keys.set(email, { publicKey, token });
      tokens.add(token);
    },
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
