import { AppError } from "../../shared/errors.ts";
import type { SheetsCredentials } from "./credentials.ts";
import { type RetryPolicy, UnreachableError, withRetries } from "./retry-policy.ts";
import { SheetsAccessError } from "./sheets-access-error.ts";

/** One call to the Sheets API, path relative to `${apiUrl}/v4/spreadsheets/`. */
export interface SheetsCall {
  method: "GET" | "POST";
  sheetId: string;
  path: string;
  query?: [string, string][];
  body?: unknown;
  /** False for a request that must not be sent twice (it adds a tab or grows a grid); default true. */
  idempotent?: boolean;
}

/** A final answer: 2xx, or a 400 that the caller may interpret (a missing tab, a grid too small). */
export interface SheetsAnswer {
  status: number;
  json: unknown;
  /** Google's `error.message`, for classification only: it never reaches a message of ours. */
  upstreamMessage: string;
}

export interface SheetsHttpOptions {
  apiUrl: string;
  apiKey?: string;
  /** The time budget of one call, every try and pause included; 0 = none. */
  fetchTimeoutMs: number;
  retryDelayMs: number;
  backoffBaseMs: number;
  credentials: SheetsCredentials;
  serviceAccountEmail?: string;
  logger?: { warn(obj: object, msg: string): void };
  /** Replaces the waits between tries (tests). */
  pause?: RetryPolicy["pause"];
  random?: RetryPolicy["random"];
}

type Auth = { token: string } | { key: string };

/** The end of a call's time budget, in `performance.now()` time. */
export function deadlineOf(budgetMs: number): number {
  return budgetMs > 0 ? performance.now() + budgetMs : Number.POSITIVE_INFINITY;
}

/** Fetches until `deadline`, headers and body; a reset connection is an {@link UnreachableError}. */
export async function timedFetch(
  url: string,
  init: RequestInit,
  deadline: number,
): Promise<{ status: number; ok: boolean; headers: Headers; text: string }> {
  const left = deadline - performance.now();
  if (left <= 0) throw new AppError("upstream_failure", "the spreadsheet service did not answer in time");
  const signal = Number.isFinite(left) ? AbortSignal.timeout(Math.ceil(left)) : undefined;
  try {
    const response = await fetch(url, { ...init, signal });
    const text = await response.text();
    return { status: response.status, ok: response.ok, headers: response.headers, text };
  } catch (error) {
    if ((error as Error).name === "TimeoutError" || signal?.aborted) {
      throw new AppError("upstream_failure", "the spreadsheet service did not answer in time");
    }
    throw new UnreachableError();
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends Sheets API calls with the rules of the spec and of Google's documentation: the service
 * account's token, refreshed once after a 401; the API key (in the `X-Goog-Api-Key` header, never
 * the URL) for reads when no token can be obtained and once more after a 403 to the token; the 429,
 * 5xx and reset retries of {@link withRetries} inside the call's time budget; and errors of our own
 * wording (never the upstream body).
 */
export function createSheetsHttp(options: SheetsHttpOptions) {
  async function once(call: SheetsCall, auth: Auth, deadline: number): Promise<SheetsAnswer> {
    const url = new URL(`${options.apiUrl}/v4/spreadsheets/${encodeURIComponent(call.sheetId)}${call.path}`);
    for (const [name, value] of call.query ?? []) url.searchParams.append(name, value);
    const headers: Record<string, string> = { accept: "application/json" };
    if ("token" in auth) headers.authorization = `Bearer ${auth.token}`;
    else headers["x-goog-api-key"] = auth.key;
    if (call.body !== undefined) headers["content-type"] = "application/json";
    const init = {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    };
    const response = await timedFetch(url.toString(), init, deadline);
    const json = parse(response.text);
    if (response.ok && json === undefined) {
      throw new AppError("upstream_failure", "the spreadsheet service sent an unreadable answer");
    }
    const upstream = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
    return { status: response.status, json, upstreamMessage: typeof upstream === "string" ? upstream : "" };
  }

  function exchange(call: SheetsCall, auth: Auth, deadline: number): Promise<SheetsAnswer> {
    return withRetries(() => once(call, auth, deadline), {
      deadline,
      idempotent: call.idempotent ?? true,
      retryDelayMs: options.retryDelayMs,
      backoffBaseMs: options.backoffBaseMs,
      pause: options.pause,
      random: options.random,
    });
  }

  async function refused(): Promise<SheetsAccessError> {
    const fromCredentials = await options.credentials.serviceAccountEmail();
    return new SheetsAccessError(fromCredentials ?? options.serviceAccountEmail ?? "the service account");
  }

  /** Sends a call and returns its 2xx or 400 answer; anything else becomes an `AppError`. */
  async function send(call: SheetsCall): Promise<SheetsAnswer> {
    const deadline = deadlineOf(options.fetchTimeoutMs);
    const read = call.method === "GET";
    const token = await options.credentials.accessToken();
    const { apiKey } = options;
    let answer: SheetsAnswer;
    if (token !== undefined) {
      answer = await exchange(call, { token }, deadline);
      if (answer.status === 401) {
        // An access token can be revoked or expire early: one fresh token, one more try.
        const fresh = await options.credentials.refreshAccessToken();
        if (fresh !== undefined) answer = await exchange(call, { token: fresh }, deadline);
      }
      if (answer.status === 403 && read && apiKey) {
        options.logger?.warn(
          { sheetId: call.sheetId },
          "the workbook refused the service account; reading it with the API key",
        );
        answer = await exchange(call, { key: apiKey }, deadline);
      }
    } else if (read && apiKey) {
      answer = await exchange(call, { key: apiKey }, deadline);
    } else {
      throw new AppError(
        "upstream_failure",
        read
          ? "the service has no spreadsheet credentials (service account or SHEETS_API_KEY)"
          : "the service has no service-account token to write to the workbook",
      );
    }
    if ((answer.status >= 200 && answer.status < 300) || answer.status === 400) return answer;
    if (answer.status === 403) throw await refused();
    // Sheets answers 404 only for an id that names no spreadsheet; an unshared one is a 403.
    if (answer.status === 404)
      throw new AppError("not_found", "the spreadsheet service has no workbook with this id");
    if (answer.status === 401)
      throw new AppError("upstream_failure", "the spreadsheet service refused the service's credentials");
    throw new AppError("upstream_failure", `the spreadsheet service failed (HTTP ${answer.status})`);
  }

  /** Like `send`, but a 400 is a failure too; returns the JSON body. */
  async function json<T>(call: SheetsCall): Promise<T> {
    const answer = await send(call);
    if (answer.status === 400)
      throw new AppError("upstream_failure", "the spreadsheet service refused the request (HTTP 400)");
    return answer.json as T;
  }

  return { send, json };
}

export type SheetsHttp = ReturnType<typeof createSheetsHttp>;
