import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A running fake: its base URL (no trailing slash) and how to stop it. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Reads a request body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Sends a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  type = "application/json",
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": `${type}; charset=utf-8`,
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Starts an HTTP server on 127.0.0.1 with a free port. `close` also drops open connections,
 * including requests a fake was told to leave hanging.
 */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onClose: () => void = () => {},
): Promise<RunningServer> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: { code: 500, message: String(error), status: "INTERNAL" } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        onClose();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
