/**
 * Calls over real sockets from a chosen loopback address (127.0.0.2 is "another client" to the
 * front: Linux routes all of 127.0.0.0/8 to the loopback interface), and the report's rows.
 */
import assert from "node:assert/strict";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect, type Socket } from "node:net";
import { record } from "../../../service/test/reliability/support/results.ts";

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** From the request's start to the answer's end. */
  ms: number;
}

/**
 * One HTTP/1.1 request from `localAddress`.
 * @example const ping = await call("http://127.0.0.1:8000/ping", { from: "127.0.0.2" });
 */
export function call(
  url: string,
  options: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const request = httpRequest(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.from,
        agent: false,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.once("end", () =>
          done({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.once("error", fail);
    request.end(options.body);
  });
}

/** A raw TCP connection from `from` to the front at `port`, its bytes collected as text. */
export async function rawConnection(
  port: number,
  from = "127.0.0.1",
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    text += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((done) => socket.once("close", () => done()));
  await new Promise<void>((done, fail) => {
    socket.once("connect", done);
    socket.once("error", fail);
  });
  return { socket, received: () => text, closed };
}

/**
 * One row of issue 24's table, tried: recorded for docs/reliability.md's "Venue front" section
 * (when `RELIABILITY_RESULTS` is set), then asserted.
 * @example venueRow("H2", "110 slow sign-ins from one client", "another client under 1 s", "ping 12 ms", ok);
 */
export function venueRow(row: string, sent: string, expected: string, observed: string, pass: boolean): void {
  record("venue", { row, sent, expected, observed, pass });
  assert.ok(pass, `${row}: ${sent}: expected ${expected}, observed ${observed}`);
}
