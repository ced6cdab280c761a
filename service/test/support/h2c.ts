import { type ClientHttp2Session, connect, type IncomingHttpHeaders } from "node:http2";

export interface H2Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The body parsed as JSON (throws when it is not). */
  json: () => any;
}

export interface H2RequestOptions {
  headers?: Record<string, string>;
  /** An object is sent as JSON with `Content-Type: application/json` unless a content type is given. */
  body?: unknown;
}

/**
 * A real HTTP/2 cleartext (prior knowledge) client for route tests: one session, many streams.
 * @example const client = h2c(url); const res = await client.request("GET", "/ping"); client.close();
 */
export function h2c(baseUrl: string) {
  let session: ClientHttp2Session | undefined;
  const open = () => {
    if (!session || session.closed || session.destroyed) {
      session = connect(baseUrl);
      session.on("error", () => {});
    }
    return session;
  };
  return {
    request(method: string, path: string, options: H2RequestOptions = {}): Promise<H2Response> {
      const headers: Record<string, string> = { ":method": method, ":path": path, ...options.headers };
      let payload: Buffer | undefined;
      if (options.body !== undefined) {
        if (Buffer.isBuffer(options.body) || typeof options.body === "string")
          payload = Buffer.from(options.body);
        else {
          payload = Buffer.from(JSON.stringify(options.body));
          headers["content-type"] ??= "application/json";
        }
        headers["content-length"] = String(payload.length);
      }
      return new Promise((resolve, reject) => {
        const stream = open().request(headers, { endStream: payload === undefined });
        const chunks: Buffer[] = [];
        let responseHeaders: IncomingHttpHeaders = {};
        stream.on("response", (h) => {
          responseHeaders = h;
        });
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", reject);
        stream.on("end", () => {
          // An answer that came before the whole body was sent ends with RST_STREAM NO_ERROR
          // (RFC 9113 §8.1): stop sending. Node's client would otherwise keep the stream open
          // for the unsent bytes, and the session could never close.
          if (!stream.writableFinished) stream.destroy();
          const body = Buffer.concat(chunks);
          const text = body.toString("utf8");
          resolve({
            status: Number(responseHeaders[":status"]),
            headers: responseHeaders,
            body,
            text,
            json: () => JSON.parse(text),
          });
        });
        if (payload !== undefined) stream.end(payload);
      });
    },
    close() {
      session?.close();
    },
  };
}
