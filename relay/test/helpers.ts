/**
 * Test helpers for the relay: `startRelay` (re-exported from `../miniflare/start-relay.ts`, which the
 * local stack uses too) runs the real worker in workerd; `connect` opens a queued WebSocket client.
 */
import WebSocket from "ws";

export { type RelayOptions, type RunningRelay, startRelay } from "../miniflare/start-relay.ts";

/** A WebSocket client that queues what it receives, so a test can await messages in order. */
export interface SocketClient {
  socket: WebSocket;
  /** The next text message, in arrival order. */
  next(): Promise<string>;
  /** Closes the socket and waits until it is closed. */
  close(): Promise<void>;
}

/**
 * Opens a socket on the relay and waits until it is open.
 * @throws Error with the status and body when the relay refuses the upgrade.
 */
export function connect(url: string, path: string, origin?: string): Promise<SocketClient> {
  const socket = new WebSocket(
    `${url.replace(/^http/, "ws")}${path}`,
    origin === undefined ? {} : { origin },
  );
  const queue: string[] = [];
  const waiting: Array<(message: string) => void> = [];
  socket.on("message", (data: WebSocket.RawData) => {
    const message = data.toString();
    const waiter = waiting.shift();
    if (waiter === undefined) queue.push(message);
    else waiter(message);
  });
  const client: SocketClient = {
    socket,
    next: () => {
      const queued = queue.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once("close", () => resolve());
        socket.close();
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(client));
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on("end", () => {
        socket.terminate();
        reject(new RefusedUpgrade(response.statusCode ?? 0, body));
      });
    });
  });
}

/** An upgrade the relay answered with an HTTP error instead of 101. */
export class RefusedUpgrade extends Error {
  override readonly name = "RefusedUpgrade";
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`upgrade refused with ${status}: ${body}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * Announces `days` (`<event>/<day>` each) as the service does (`PUT /days`), so their sockets are accepted.
 * @example await announce(relay.url, SECRET, ["open-2026/day-1"]);
 */
export async function announce(url: string, secret: string, days: string[]): Promise<void> {
  const response = await fetch(`${url}/days`, {
    method: "PUT",
    headers: { "content-type": "application/json", "x-publish-secret": secret },
    body: JSON.stringify({ days }),
  });
  if (!response.ok) throw new Error(`PUT /days answered ${response.status}: ${await response.text()}`);
}
