// Connections, not requests, are what a client holds of the front's descriptors: one that opens
// thousands and never finishes a request head holds them all without ever being counted as a
// request in flight. Each connection is counted under its client's address from the moment it is
// accepted until it closes (a relay socket upgraded from it included); one past a cap is closed at
// once, before a byte of it is read, so it costs the front nothing but the accept.
import type { Server } from "node:http";
import { clientKey, Holdings } from "./client-address.ts";

/**
 * Caps `server`'s connections at `perClient` per client address and `inAll` together.
 * @example const connections = capConnections(app.server, { perClient: 64, inAll: 4_000 });
 */
export function capConnections(server: Server, caps: { perClient: number; inAll: number }) {
  const held = new Holdings(caps.perClient, caps.inAll);
  let refused = 0;
  server.on("connection", (socket) => {
    const release = held.take(clientKey(socket.remoteAddress));
    if (release === undefined) {
      refused++;
      socket.destroy();
      return;
    }
    socket.once("close", release);
  });
  return {
    /** Connections open now. */
    get open(): number {
      return held.total;
    },
    /** Connections closed at once since the start, for being over a cap. */
    get refused(): number {
      return refused;
    },
  };
}
