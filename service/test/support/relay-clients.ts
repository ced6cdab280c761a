/**
 * The relay client's tests' helpers (`service/src/adapters/relay-client/*.test.ts`): a client with
 * a clock and a recording log of its own, a local server standing in for a relay that answers one
 * status, and the address of a relay that is down.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRelayClient, type RelayClientOptions } from "../../src/adapters/relay-client/index.ts";
import { manualClock } from "../../src/shared/clock.ts";

export const SECRET = "relay-client-secret";
export const ORIGIN = "https://pages.test";

export function recordingLogger() {
  const warnings: Array<{ obj: object; msg: string }> = [];
  return { warnings, warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
}

/** The relay client of `baseUrl`, with the shared secret unless `extra` says otherwise. */
export function client(baseUrl: string, extra: Partial<RelayClientOptions> = {}) {
  const clock = manualClock("2026-03-01T08:00:00Z");
  const logger = recordingLogger();
  const relay = createRelayClient({ baseUrl, secret: SECRET, pushTimeoutMs: 5_000, clock, logger, ...extra });
  return { relay, clock, logger };
}

/** A local server answering every request with `status` (or never, with `null`), counting requests. */
export async function fakeRelay(
  status: number | null,
): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests++;
    request.resume();
    if (status !== null)
      response.writeHead(status, { "content-type": "application/json" }).end('{"code":"x"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The address of a relay that is down: a port that was just freed. */
export async function closedPort(): Promise<string> {
  const stopped = await fakeRelay(200);
  await stopped.close();
  return stopped.url;
}
