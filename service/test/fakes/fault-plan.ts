import type { IncomingMessage, ServerResponse } from "node:http";

/** What a fake does instead of answering normally. */
export type FaultKind = "status" | "hang" | "reset" | "malformed" | "slow-body";

/** Which requests a fault applies to: a substring of the request path and a method, all when absent. */
export interface FaultScope {
  times?: number;
  path?: string;
  method?: string;
}

export interface Fault {
  kind: FaultKind;
  status?: number;
  remaining: number;
  path?: string;
  method?: string;
}

/** One request as a fake saw it. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  /** The parsed JSON body, once the fake has read it. */
  body?: unknown;
}

/**
 * Fault injection and the request log shared by the HTTP fakes. Faults are consumed in the order
 * they were queued, each by the next matching requests, so a test reads as a script of answers.
 */
export class FaultPlan {
  readonly requests: LoggedRequest[] = [];
  latencyMs = 0;
  #faults: Fault[] = [];
  #timers = new Set<NodeJS.Timeout>();

  add(kind: FaultKind, scope: FaultScope = {}, status?: number): Fault {
    const fault = { kind, status, remaining: scope.times ?? 1, path: scope.path, method: scope.method };
    this.#faults.push(fault);
    return fault;
  }

  /** Logs the request and hands back the fault it must suffer, if any. */
  take(request: LoggedRequest): Fault | undefined {
    this.requests.push(request);
    const fault = this.#faults.find(
      (f) =>
        f.remaining > 0 &&
        (!f.path || request.path.includes(f.path)) &&
        (!f.method || request.method === f.method),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    this.#faults = this.#faults.filter((f) => f.remaining > 0);
    return fault;
  }

  /**
   * The start of every fake's handler: logs the request, takes the fault it must suffer and waits
   * the configured latency.
   */
  async arrive(req: IncomingMessage): Promise<{ url: URL; fault: Fault | undefined; logged: LoggedRequest }> {
    const url = new URL(req.url ?? "/", "http://fake");
    const logged: LoggedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
    };
    const fault = this.take(logged);
    await this.delay(this.latencyMs);
    return { url, fault, logged };
  }

  /** Requests whose path contains `pathPart` (all when absent). */
  count(pathPart?: string): number {
    return this.requests.filter((r) => !pathPart || r.path.includes(pathPart)).length;
  }

  clear(): void {
    this.requests.length = 0;
    this.#faults = [];
    this.latencyMs = 0;
  }

  delay(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.add(timer);
    });
  }

  /**
   * Plays a non-status fault. `hang` never answers (the socket is closed when the fake stops),
   * `reset` destroys the connection, `malformed` sends a cut-off JSON body, `slow-body` sends the
   * headers at once and the body over about two seconds.
   */
  async play(fault: Fault, res: ServerResponse, body: string): Promise<void> {
    if (fault.kind === "hang") return;
    if (fault.kind === "reset") {
      res.socket?.destroy();
      return;
    }
    if (fault.kind === "malformed") {
      res.writeHead(200, { "content-type": "application/json; charset=UTF-8" });
      res.end(body.slice(0, Math.max(1, Math.floor(body.length / 2))));
      return;
    }
    res.writeHead(200, { "content-type": "application/json; charset=UTF-8" });
    res.flushHeaders();
    const pieces = 20;
    const size = Math.ceil(body.length / pieces) || 1;
    for (let at = 0; at < body.length; at += size) {
      if (res.destroyed) return;
      res.write(body.slice(at, at + size));
      await this.delay(100);
    }
    if (!res.destroyed) res.end();
  }

  /** Cancels pending timers so a stopped fake leaves nothing running. */
  stop(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
