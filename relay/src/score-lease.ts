import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env.ts";
import { errorResponse, json, RelayError, readJson } from "./http.ts";
import { pushRefusal } from "./secret.ts";

/** A lease key: the SHA-256 (hex) of a workbook id, so the relay never sees the id itself. */
const LEASE_PATH = /^\/leases\/([a-f0-9]{64})$/;
const TTL_MS = { min: 1_000, max: 120_000 };
const WAIT_MS = { min: 0, max: 60_000 };
const BODY_LIMIT = 1024;

interface Holder {
  token: string;
  expiresAt: number;
}

interface Waiter {
  ttlMs: number;
  deadline: number;
  settle: (result: LeaseResult) => void;
}

/** A granted lease, or how long the current holder may still keep it. */
export type LeaseResult = { token: string; ttlMs: number } | { busyForMs: number };

/**
 * One workbook's score-save lease, `lease:<key>`: at most one holder at a time, for at most its
 * time to live; later askers wait in arrival order, each up to its own limit. A Durable Object
 * handles one event at a time, so granting is free of races; the holder is also kept in storage so
 * that an object restarted mid-lease still honours it.
 */
export class ScoreLease extends DurableObject<Env> {
  #holder: Holder | null | undefined;
  #waiting: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Grants the lease now, or when it is free within `waitMs`, or answers how long it stays busy. */
  async acquire(ttlMs: number, waitMs: number): Promise<LeaseResult> {
    await this.#load();
    if (this.#waiting.length === 0 && this.#free()) return this.#grant(ttlMs);
    return new Promise((settle) => {
      this.#waiting.push({ ttlMs, deadline: Date.now() + waitMs, settle });
      this.#next();
    });
  }

  /** Ends the lease if `token` still holds it (a late release of an expired lease changes nothing). */
  async release(token: string): Promise<{ released: boolean }> {
    await this.#load();
    if (this.#holder?.token !== token) return { released: false };
    this.#holder = null;
    await this.ctx.storage.delete("holder");
    this.#next();
    return { released: true };
  }

  #free(): boolean {
    return !this.#holder || this.#holder.expiresAt <= Date.now();
  }

  #grant(ttlMs: number): LeaseResult {
    const holder = { token: crypto.randomUUID(), expiresAt: Date.now() + ttlMs };
    this.#holder = holder;
    void this.ctx.storage.put("holder", holder);
    return { token: holder.token, ttlMs };
  }

  /** Answers the waiters whose time is up, grants the first one if the lease is free, and sets the next wake-up. */
  #next(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const now = Date.now();
    const busyForMs = () => Math.max(0, (this.#holder?.expiresAt ?? now) - now);
    for (const late of this.#waiting.filter((w) => w.deadline <= now && !this.#free())) {
      late.settle({ busyForMs: busyForMs() });
    }
    this.#waiting = this.#waiting.filter((w) => w.deadline > now || this.#free());
    const first = this.#waiting[0];
    if (first && this.#free()) {
      this.#waiting.shift();
      first.settle(this.#grant(first.ttlMs));
    }
    if (this.#waiting.length === 0) return;
    const wake = Math.min(this.#holder?.expiresAt ?? now, ...this.#waiting.map((w) => w.deadline));
    this.#timer = setTimeout(() => this.#next(), Math.max(1, wake - now));
  }

  async #load(): Promise<void> {
    if (this.#holder !== undefined) return;
    this.#holder = (await this.ctx.storage.get<Holder>("holder")) ?? null;
  }
}

function wholeIn(value: unknown, range: { min: number; max: number }): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= range.min && value <= range.max;
}

/**
 * The lease routes, behind `X-Publish-Secret` like every write to the relay:
 * `POST /leases/<key>` with `{ ttlMs, waitMs }` answers `{ token, ttlMs }`, or 409 `lease_busy`
 * with `retryAfterMs` when the lease stayed taken for `waitMs`; `DELETE /leases/<key>` with
 * `{ token }` answers `{ released }`. `undefined` when the path is not a lease path.
 */
export async function leaseRoute(request: Request, env: Env): Promise<Response | undefined> {
  const key = LEASE_PATH.exec(new URL(request.url).pathname)?.[1];
  if (key === undefined) return undefined;
  if (request.method !== "POST" && request.method !== "DELETE") {
    return errorResponse("method_not_allowed", "use POST or DELETE", { allow: "POST, DELETE" });
  }
  const refusedPush = await pushRefusal(request, env);
  if (refusedPush !== undefined) return refusedPush;
  const { value } = await readJson(request, BODY_LIMIT);
  const body = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const lease = env.SCORE_LEASE.get(env.SCORE_LEASE.idFromName(`lease:${key}`));
  if (request.method === "DELETE") {
    if (typeof body.token !== "string") throw new RelayError("bad_request", "the body must be { token }");
    return json(await lease.release(body.token));
  }
  if (!wholeIn(body.ttlMs, TTL_MS) || !wholeIn(body.waitMs, WAIT_MS)) {
    throw new RelayError(
      "bad_request",
      `the body must be { ttlMs: ${TTL_MS.min}..${TTL_MS.max}, waitMs: ${WAIT_MS.min}..${WAIT_MS.max} }`,
    );
  }
  const result = await lease.acquire(body.ttlMs, body.waitMs);
  if ("token" in result) return json(result);
  return json(
    { error: "another holder keeps this lease", code: "lease_busy", retryAfterMs: result.busyForMs },
    409,
  );
}
