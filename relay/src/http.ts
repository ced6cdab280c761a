/** The stable error codes the relay answers with. */
export type RelayErrorCode =
  | "not_found"
  | "method_not_allowed"
  | "unauthorized"
  | "forbidden"
  | "bad_request"
  | "payload_too_large"
  | "upgrade_required"
  | "rate_limited"
  | "channel_full";

const STATUS: Record<RelayErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  upgrade_required: 426,
  rate_limited: 429,
  channel_full: 503,
};

/**
 * A JSON response that no cache keeps.
 * @example json({ clients: 3 })
 */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/**
 * The relay's one error body, `{ error, code }`, with the status that belongs to the code.
 * @example errorResponse("method_not_allowed", "use POST", { allow: "POST" })
 */
export function errorResponse(
  code: RelayErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json({ error: message, code }, STATUS[code], headers);
}

/** Thrown while reading a request; the router turns it into an {@link errorResponse}. */
export class RelayError extends Error {
  override readonly name = "RelayError";
  constructor(
    readonly code: RelayErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a request body as text, refusing more than `limit` bytes whether or not `Content-Length` is sent.
 * @throws RelayError `payload_too_large` past the limit.
 */
export async function readBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new RelayError("bad_request", "the body is not UTF-8");
  }
}

/**
 * Reads a JSON body within `limit` bytes.
 * @throws RelayError `payload_too_large` or `bad_request`.
 */
export async function readJson(request: Request, limit: number): Promise<{ text: string; value: unknown }> {
  const text = await readBody(request, limit);
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw new RelayError("bad_request", "the body is not JSON");
  }
}

function tooLarge(limit: number): RelayError {
  return new RelayError("payload_too_large", `the body is larger than ${limit} bytes`);
}
