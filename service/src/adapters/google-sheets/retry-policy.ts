import { setTimeout as sleep } from "node:timers/promises";
import { AppError } from "../../shared/errors.ts";

/** The spec's pause before the one retry of a 429. */
export const RETRY_DELAY_MS = 1000;
/** Google's truncated exponential backoff: the first pause is up to this long, then doubles. */
export const BACKOFF_BASE_MS = 500;
/** No pause between two tries is longer than this. */
export const BACKOFF_CAP_MS = 8_000;
/** Tries of one call that keeps failing with a 5xx or a reset connection. */
export const MAX_TRIES = 5;

/** A connection that was refused or reset before an answer came: worth another try. */
export class UnreachableError extends AppError {
  constructor() {
    super("upstream_failure", "the spreadsheet service could not be reached");
  }
}

export interface RetryPolicy {
  /** When the call's time budget ends (`performance.now()` time); `Infinity` for none. */
  deadline: number;
  /** False for a request that must not be sent twice (it adds a tab or rows): a 5xx is final. */
  idempotent: boolean;
  retryDelayMs: number;
  backoffBaseMs: number;
  /** Waits between tries (tests record the pauses instead of waiting). */
  pause?: (ms: number) => Promise<unknown>;
  /** The jitter's source, `Math.random` by default. */
  random?: () => number;
}

const busy = () => new AppError("service_busy", "the spreadsheet service is busy; try again in a minute");

/**
 * Sends one call with the retry rules of the spreadsheet service: a 429 is tried once more after
 * `retryDelayMs` and a second 429 is 503 `service_busy` (the spec's rule); a 5xx or a connection
 * reset is tried again, for an idempotent request only, after a pause drawn at random up to a
 * ceiling that doubles each time (Google's truncated exponential backoff with full jitter), as long
 * as the pause ends inside the call's time budget. Returns the last answer (a 5xx when the tries
 * ran out); throws the last reset.
 * @example const answer = await withRetries((deadline) => fetchOnce(deadline), { deadline, idempotent: true, … });
 */
export async function withRetries<T extends { status: number }>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
): Promise<T> {
  const pause = policy.pause ?? sleep;
  const random = policy.random ?? Math.random;
  const fits = (ms: number) => performance.now() + ms < policy.deadline;
  let busyAnswers = 0;
  for (let tries = 1; ; tries++) {
    let outcome: { answer: T } | { error: UnreachableError };
    try {
      outcome = { answer: await attempt() };
    } catch (error) {
      if (!(error instanceof UnreachableError)) throw error;
      outcome = { error };
    }
    if ("answer" in outcome && outcome.answer.status === 429) {
      if (++busyAnswers > 1 || !fits(policy.retryDelayMs)) throw busy();
      await pause(policy.retryDelayMs);
      continue;
    }
    const transient = "error" in outcome || outcome.answer.status >= 500;
    const backoff = random() * Math.min(BACKOFF_CAP_MS, policy.backoffBaseMs * 2 ** (tries - 1));
    if (!transient || !policy.idempotent || tries >= MAX_TRIES || !fits(backoff)) {
      if ("error" in outcome) throw outcome.error;
      return outcome.answer;
    }
    await pause(backoff);
  }
}
