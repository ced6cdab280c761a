// The baseline: a bare node:http2 server (request/response API) answering GET /ping with the
// same bytes and headers as the service (bench/ping.ts checks they match). Prints its port on stdout.
import { createServer } from "node:http2";

const body = process.argv[2] ?? '{"status":"ok","version":"0.0.0"}';
const version = process.argv[3] ?? "0.0.0";
const server = createServer((_request, response) => {
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "access-control-allow-origin": "*",
    "access-control-expose-headers":
      "X-App-Version, X-Sync-Config, Deprecation, Link, Content-Disposition, Retry-After, Allow",
    "x-app-version": version,
    "x-sync-config": "none",
  });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
