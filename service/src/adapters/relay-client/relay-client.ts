import type { LiveRelay, PushResult, RelayHealth } from "../../ports/live-relay.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { networkCause } from "../../shared/network-cause.ts";
import { createLeaseClient } from "./lease-client.ts";
import { createLivePointClient } from "./live-point-client.ts";
import { createNoticeClient } from "./notice-client.ts";

/** The spec's nudge timeout. */
export const NUDGE_TIMEOUT_MS = 2_000;
/** After a failed nudge the instance sends none for this long (the spec's nudge rules). */
export const NUDGE_COOLDOWN_MS = 60_000;
/** The warning a failed nudge logs, exactly as the spec words it. */
export const NUDGE_FAILED = "live nudge failed";

/** The part of a pino-style logger the client needs. */
export interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** Options of {@link createRelayClient}, validated once. */
export interface RelayClientOptions {
  /** `LIVE_PUSH_URL`: the relay's http or https base URL. */
  baseUrl: string;
  /** `LIVE_PUSH_SECRET`, sent as `X-Publish-Secret`; never logged. */
  secret: string;
  /** `LIVE_PUSH_TIMEOUT_MS`: the bound on one snapshot push. */
  pushTimeoutMs: number;
  clock: Clock;
  logger: WarnLogger;
  /** The nudge timeout; {@link NUDGE_TIMEOUT_MS} unless a test shortens it. */
  nudgeTimeoutMs?: number;
}

/**
 * The service's client of the live relay worker (the {@link LiveRelay} port).
 * @throws Error when an option is invalid, naming the option.
 * @example
 * const relay = createRelayClient({
 *   baseUrl: config.livePushUrl, secret: config.livePushSecret, pushTimeoutMs: config.livePushTimeoutMs,
 *   clock: systemClock, logger,
 * });
 * await relay.nudge("open-2026", "day-1", "Hall A"); // never throws
 */
export function createRelayClient(options: RelayClientOptions): LiveRelay {
  const baseUrl = validBaseUrl(options.baseUrl);
  if (options.secret === "") throw new Error("relay client: secret must not be empty");
  const pushTimeoutMs = validTimeout("pushTimeoutMs", options.pushTimeoutMs);
  const nudgeTimeoutMs = validTimeout("nudgeTimeoutMs", options.nudgeTimeoutMs ?? NUDGE_TIMEOUT_MS);
  const { secret, clock, logger } = options;
  let mutedUntil = Number.NEGATIVE_INFINITY;

  function post(action: "publish" | "nudge", event: string, day: string, body: unknown, timeoutMs: number) {
    return fetch(`${baseUrl}/${action}/${encodeURIComponent(event)}/${encodeURIComponent(day)}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-publish-secret": secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  return {
    baseUrl,
    ...createLeaseClient(baseUrl, secret),
    ...createLivePointClient(baseUrl, secret),
    ...createNoticeClient(baseUrl, secret, logger),

    async publish(event, day, snapshot): Promise<PushResult> {
      let response: Response;
      let text: string;
      try {
        // Sent again once when the connection closed under it (the push is the same snapshot again).
        response = await post("publish", event, day, snapshot, pushTimeoutMs).catch((error: unknown) => {
          if (closedUnderneath(error)) return post("publish", event, day, snapshot, pushTimeoutMs);
          throw error;
        });
        text = await response.text();
      } catch (error) {
        throw new AppError(
          "upstream_failure",
          `live push to ${baseUrl} failed: ${reason(error, pushTimeoutMs)}`,
        );
      }
      const answer = parseJson(text);
      if (!response.ok) {
        throw new AppError(
          "upstream_failure",
          `live push to ${baseUrl} refused: ${response.status} ${codeOf(answer)}`,
        );
      }
      const clients = (answer as { clients?: unknown } | null)?.clients;
      if (typeof clients !== "number") {
        throw new AppError("upstream_failure", `live push to ${baseUrl} answered without clients`);
      }
      return { clients };
    },

    async announceDays(days): Promise<void> {
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${baseUrl}/days`, {
          method: "PUT",
          headers: { "content-type": "application/json", "x-publish-secret": secret },
          body: JSON.stringify({ days: days.map(({ event, day }) => `${event}/${day}`) }),
          signal: AbortSignal.timeout(pushTimeoutMs),
        });
        text = await response.text();
      } catch (error) {
        throw new AppError(
          "upstream_failure",
          `announcing the days to ${baseUrl} failed: ${reason(error, pushTimeoutMs)}`,
        );
      }
      if (!response.ok) {
        throw new AppError(
          "upstream_failure",
          `announcing the days to ${baseUrl} was refused: ${response.status} ${codeOf(parseJson(text))}`,
        );
      }
    },

    async health(): Promise<RelayHealth> {
      try {
        const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(pushTimeoutMs) });
        const status = (parseJson(await response.text()) as { status?: unknown } | undefined)?.status;
        if (response.ok && status === "ok") return { answers: true };
        return { answers: false, problem: `it answers /health with HTTP ${response.status}` };
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        return {
          answers: false,
          problem: timedOut
            ? `no answer within ${pushTimeoutMs} ms`
            : (networkCause(error) ?? reason(error, pushTimeoutMs)),
        };
      }
    },

    async nudge(event, day, facility): Promise<void> {
      if (clock.now() < mutedUntil) return;
      let failure: object | undefined;
      try {
        const response = await post("nudge", event, day, { facility }, nudgeTimeoutMs);
        await response.arrayBuffer();
        if (!response.ok) failure = { status: response.status };
      } catch (error) {
        failure = { error: reason(error, nudgeTimeoutMs) };
      }
      if (failure === undefined) return;
      mutedUntil = clock.now() + NUDGE_COOLDOWN_MS;
      logger.warn({ event, day, facility, relay: baseUrl, ...failure }, NUDGE_FAILED);
    },
  };
}

function validBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`relay client: baseUrl must be an http or https URL, got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`relay client: baseUrl must be an http or https URL, got "${value}"`);
  }
  return url.href.replace(/\/+$/, "");
}

function validTimeout(key: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`relay client: ${key} must be a whole number at least 1`);
  return value;
}

/**
 * A request that failed because its connection closed or was reset before any answer ("other side
 * closed"): most often a kept-alive connection the relay closed as it was being reused, which a
 * new connection does not meet. A timeout, a refusal or an answer is not this.
 */
function closedUnderneath(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === "UND_ERR_SOCKET" || code === "ECONNRESET";
}

/** A message for a failed request that names the timeout and never carries the request's headers. */
function reason(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === "TimeoutError")
    return `no answer within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function codeOf(answer: unknown): string {
  const code = (answer as { code?: unknown } | null)?.code;
  // Only a code-shaped word is repeated: any other upstream text never reaches a response.
  return typeof code === "string" && /^[a-z][a-z_]{0,39}$/.test(code) ? code : "";
}
