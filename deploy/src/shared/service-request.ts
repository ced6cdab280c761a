import { connect } from "node:http2";

/** The most of an answer read: a preflight report of a large tournament is well under it. */
const ANSWER_LIMIT = 4 * 1024 * 1024;

/**
 * One GET to the service over HTTP/2: cleartext with prior knowledge for `http:` (the service
 * itself), TLS for `https:` (Cloud Run, which speaks h2 to clients). Bounded by `timeoutMs`.
 * @throws Error naming the address when it cannot be reached or does not answer in time.
 * @example const { status, body } = await getFromService("https://ops-abc.a.run.app", "/ping", {}, 10_000);
 */
export function getFromService(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const session = connect(baseUrl);
    let settled = false;
    const fail = (reason: string) => {
      clearTimeout(timer);
      session.destroy();
      if (!settled) reject(new Error(`the service at ${baseUrl} ${reason}`));
      settled = true;
    };
    const broken = (error: Error) => {
      const cause = (error.cause as Error | undefined)?.message ?? error.message;
      fail(status === 0 ? `cannot be reached (${cause})` : `failed mid-answer (${cause})`);
    };
    const timer = setTimeout(() => fail(`did not answer within ${timeoutMs / 1000} s`), timeoutMs);
    session.on("error", broken);
    const stream = session.request({ ":method": "GET", ":path": path, ...headers });
    let status = 0;
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("response", (answer) => {
      status = Number(answer[":status"]);
    });
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > ANSWER_LIMIT) return fail("sent an answer too large to read");
      chunks.push(chunk);
    });
    stream.on("error", broken);
    stream.on("end", () => {
      clearTimeout(timer);
      session.close();
      if (!settled) resolve({ status, body: Buffer.concat(chunks).toString("utf8") });
      settled = true;
    });
  });
}
