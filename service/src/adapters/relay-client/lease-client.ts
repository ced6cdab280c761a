import type { LiveRelay } from "../../ports/live-relay.ts";

/** Time allowed for the relay to answer, on top of the wait the caller asked for. */
const ANSWER_MS = 2_000;

/**
 * The lease half of the relay client: `POST /leases/<key>` and `DELETE /leases/<key>` with
 * `X-Publish-Secret` (the relay's `score-lease.ts`).
 * @example const { acquireLease, releaseLease } = createLeaseClient("https://relay.example", secret);
 */
export function createLeaseClient(
  baseUrl: string,
  secret: string,
): Pick<LiveRelay, "acquireLease" | "releaseLease"> {
  const call = (method: "POST" | "DELETE", key: string, body: unknown, timeoutMs: number) =>
    fetch(`${baseUrl}/leases/${key}`, {
      method,
      headers: { "content-type": "application/json", "x-publish-secret": secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });

  return {
    async acquireLease(key, ttlMs, waitMs) {
      const response = await call("POST", key, { ttlMs, waitMs }, waitMs + ANSWER_MS);
      const answer = (await response.json().catch(() => undefined)) as { token?: unknown } | undefined;
      if (response.status === 409) return undefined;
      if (!response.ok || typeof answer?.token !== "string") {
        throw new Error(`the relay refused the lease (HTTP ${response.status})`);
      }
      return { token: answer.token, ttlMs };
    },

    async releaseLease(key, token) {
      try {
        const response = await call("DELETE", key, { token }, ANSWER_MS);
        await response.arrayBuffer();
      } catch {
        // The lease ends after its time to live anyway.
      }
    },
  };
}
