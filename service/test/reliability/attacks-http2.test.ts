// Issue 16, row 4: the HTTP/2 listener's limits, over real connections with short timeouts.
import { connect } from "node:http2";
import { connect as netConnect } from "node:net";
import { after, before, describe, test } from "node:test";
import { HTTP2_LIMITS } from "../../src/http/server-limits.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { eventually, largeMatchesCsv, scoresheetForm, stalledUpload } from "./support/attack-client.ts";
import { attackRow } from "./support/results.ts";

describe("HTTP/2 limits (issue 16, row 4)", () => {
  let short: TestApp;
  before(async () => {
    short = await startTestApp({
      http2Limits: {
        ...HTTP2_LIMITS,
        maxConcurrentStreams: 100,
        maxHeaderListSize: 16 * 1024,
        maxSessionMemoryMb: 10,
        bodyTimeoutMs: 300,
        headersTimeoutMs: 300,
        sessionIdleTimeoutMs: 60_000,
      },
    });
  });
  after(() => short.close());

  test("the server's SETTINGS announce a stream limit and a header list limit", async () => {
    const session = connect(short.url);
    const settings = await new Promise<Record<string, unknown>>((resolve) =>
      session.once("remoteSettings", resolve),
    );
    session.close();
    attackRow(
      4,
      "a connection reads the server's SETTINGS",
      "maxConcurrentStreams 100",
      `maxConcurrentStreams ${settings["maxConcurrentStreams"]}, maxHeaderListSize ${settings["maxHeaderListSize"]}`,
      settings["maxConcurrentStreams"] === 100 && settings["maxHeaderListSize"] === 16 * 1024,
    );
  });

  test("a connection that opens no stream is closed by the headers timeout", async () => {
    const socket = netConnect(Number(new URL(short.url).port), "127.0.0.1");
    socket.on("error", () => {});
    socket.resume();
    // The client preface and an empty SETTINGS frame, then nothing: no HEADERS ever come.
    socket.write(
      Buffer.concat([
        Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"),
        Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]),
      ]),
    );
    await new Promise((resolve) => socket.once("close", resolve));
    attackRow(
      4,
      "a connection that sends the preface and no request",
      "closed by the headers timeout",
      "closed",
      true,
    );
  });

  test("an upload that stops sending is ended by the body timeout (RST_STREAM CANCEL)", async () => {
    const form = scoresheetForm(largeMatchesCsv(50));
    const upload = stalledUpload(short.url, "/v3/scoresheets", form.type, form.body.subarray(0, 200));
    const pings = setInterval(() => upload.session.ping(() => {}), 50);
    const code = await upload.closed;
    clearInterval(pings);
    upload.session.close();
    attackRow(
      4,
      "an upload that stops after 200 bytes, kept alive with PING",
      "stream reset after the body timeout",
      `RST_STREAM ${code}`,
      code === 8,
    );
    await eventually(() => short.services.scoresheets.jobs.size.held === 0);
  });
});
