import { WebSocket } from "ws";
import { networkCause } from "../shared/network-cause.ts";

/** Each outside call of the preflight answers within this, or counts as no answer. */
export const PROBE_TIMEOUT_MS = 8_000;
/** The most of an answer's body read (config.json, a relay's error). */
const BODY_LIMIT = 64 * 1024;

/** An answer: its status and the start of its body, or why there was none. */
export type ProbeAnswer = { status: number; body: string } | { error: string };

/**
 * One bounded HTTP request of the preflight: time-limited, body cut at 64 KiB, never throws.
 * @example const answer = await probeFetch(`${relay}/health`);
 */
export async function probeFetch(url: string, init: RequestInit = {}): Promise<ProbeAnswer> {
  try {
    const response = await fetch(url, {
      ...init,
      redirect: "follow",
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const reader = response.body?.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (reader && size < BODY_LIMIT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    await reader?.cancel().catch(() => {});
    return { status: response.status, body: Buffer.concat(chunks).subarray(0, BODY_LIMIT).toString("utf8") };
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    return {
      error:
        (error as Error).name === "TimeoutError"
          ? `no answer within ${PROBE_TIMEOUT_MS / 1000} s`
          : (networkCause(error) ?? cause?.message ?? (error as Error).message),
    };
  }
}

/**
 * Opens a WebSocket with an `Origin` header and closes it at once: 101 is `{ status: 101 }`, a
 * refused upgrade its status and body.
 * @example const answer = await probeUpgrade("wss://relay.example/live/open/sat", "https://pages.example");
 */
export function probeUpgrade(url: string, origin: string): Promise<ProbeAnswer> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { origin, handshakeTimeout: PROBE_TIMEOUT_MS });
    const done = (answer: ProbeAnswer) => {
      resolve(answer);
      socket.removeAllListeners();
      socket.on("error", () => {});
      socket.terminate();
    };
    socket.once("open", () => done({ status: 101, body: "" }));
    socket.once("unexpected-response", (_request, response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (body.length < BODY_LIMIT) body += chunk;
      });
      response.once("end", () => done({ status: response.statusCode ?? 0, body }));
      response.once("error", () => done({ status: response.statusCode ?? 0, body }));
    });
    socket.once("error", (error) => done({ error: networkCause(error) ?? error.message }));
  });
}

/** The relay's error code in an answer's body (`{ error, code }`), if it has one. */
export function codeIn(answer: ProbeAnswer): string | undefined {
  if (!("body" in answer)) return undefined;
  try {
    const code = (JSON.parse(answer.body) as { code?: unknown }).code;
    return typeof code === "string" && /^[a-z_]{1,40}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** What an answer was, for a sentence: `HTTP 503` or the reason there was none. */
export function described(answer: ProbeAnswer): string {
  return "error" in answer ? answer.error : `HTTP ${answer.status}`;
}
