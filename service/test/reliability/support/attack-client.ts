import { type ClientHttp2Session, type ClientHttp2Stream, connect } from "node:http2";

/** A multipart body with text fields and a `csv` file part; `closing: false` leaves out the last boundary. */
export function scoresheetForm(
  csv: string | Buffer,
  fields: Record<string, string> = {},
  options: { boundary?: string; closing?: boolean } = {},
): { body: Buffer; type: string } {
  const boundary = options.boundary ?? "----attack-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="m.csv"\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(options.closing === false ? "\r\n" : `\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** A 10,000-match CSV: the largest job one upload may ask for. */
export function largeMatchesCsv(count = 10_000): string {
  const rows = Array.from(
    { length: count },
    (_, i) => `${i + 1},MS_${i},Ana ${i} / Bo ${i},MS_${i + 1},Cy / Di`,
  );
  return ["matchNumber,teamCode1,team1,teamCode2,team2", ...rows].join("\n");
}

/** A row bomb: `matchNumber` then `1` on as many lines as fit in `bytes`. */
export function rowBomb(bytes = 5 * 1024 * 1024 - 1024): Buffer {
  return Buffer.concat([Buffer.from("matchNumber\n"), Buffer.alloc(bytes, "1\n")]);
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  text: string;
}

/**
 * Sends one request on its own connection (as separate attackers would), the body written as fast
 * as flow control allows, and resolves with the answer when it has ended. A server that answers
 * before the whole body is sent resets the stream with NO_ERROR; the rest is then not sent.
 */
export function sendAlone(
  url: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Answer> {
  const session = connect(url);
  session.on("error", () => {});
  return new Promise<Answer>((resolve, reject) => {
    const stream = session.request({ ":method": "POST", ":path": path, ...headers }, { endStream: !body });
    let answer: Record<string, unknown> = {};
    let text = "";
    stream.on("response", (h) => {
      answer = h;
    });
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      text += chunk;
    });
    stream.on("end", () => {
      if (!stream.writableFinished) stream.destroy();
      resolve({ status: Number(answer[":status"]), headers: answer, text });
    });
    stream.on("error", reject);
    if (body) stream.end(body);
  }).finally(() => session.close());
}

/** A stream that has sent its headers and part of its body, and then sends nothing more. */
export interface StalledUpload {
  session: ClientHttp2Session;
  stream: ClientHttp2Stream;
  /** Resolves with the reset code when the server ends the stream. */
  closed: Promise<number>;
  /** The answer's status, if one came. */
  status(): number | undefined;
}

export function stalledUpload(
  url: string,
  path: string,
  type: string,
  start: Buffer,
  headers: Record<string, string> = {},
): StalledUpload {
  const session = connect(url);
  session.on("error", () => {});
  const stream = session.request({ ":method": "POST", ":path": path, "content-type": type, ...headers });
  let status: number | undefined;
  stream.on("response", (h) => {
    status = Number(h[":status"]);
  });
  stream.on("error", () => {});
  stream.resume();
  stream.write(start);
  const closed = new Promise<number>((resolve) => stream.on("close", () => resolve(stream.rstCode ?? 0)));
  return { session, stream, closed, status: () => status };
}

/**
 * Waits until `check` holds, polling every 10 ms, for at most `within` ms (room for a machine
 * several times slower than a quiet one): past it, it fails naming what it waited for, so a stuck
 * state is a failure with its cause rather than a file stopped after the runner's 5 minutes.
 */
export async function eventually(check: () => boolean, within = 60_000): Promise<void> {
  const until = performance.now() + within;
  while (!check()) {
    if (performance.now() > until)
      throw new Error(`still waiting after ${within} ms for ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
