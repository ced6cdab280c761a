import { randomBytes } from "node:crypto";
import { WebSocket } from "ws";
import { PROBE_TIMEOUT_MS, probeFetch } from "./probe-http.ts";

export interface RoundTrip {
  /** Where the pages open sockets (config.json's `liveUrl`, `ws:` or `http:`). */
  socketUrl: string;
  /** Where the service pushes (`LIVE_PUSH_URL`) and its secret. */
  pushUrl: string;
  pushSecret: string;
  /** The pages' origin, sent as the socket's `Origin`. */
  origin: string;
  event: string;
  day: string;
}

/**
 * Whether the pages' relay address and the service's are the same relay (one may be a proxy of
 * the other, as the local front is): a socket is opened on a day's nudge channel through the
 * pages' address, then a nudge for a facility no day has (`preflight-<random>`) is pushed through
 * the service's; it proves the path when it arrives. A page on that channel ignores a nudge for
 * a facility it does not show. Never throws.
 * @example if (await sameRelay({ socketUrl, pushUrl, pushSecret, origin, event, day })) …
 */
export function sameRelay(trip: RoundTrip): Promise<boolean> {
  const marker = `preflight-${randomBytes(6).toString("hex")}`;
  const base = trip.socketUrl.replace(/^http/, "ws").replace(/\/+$/, "");
  return new Promise((resolve) => {
    const socket = new WebSocket(`${base}/attendance/${trip.event}/${trip.day}`, {
      origin: trip.origin,
      handshakeTimeout: PROBE_TIMEOUT_MS,
    });
    const timer = setTimeout(() => done(false), PROBE_TIMEOUT_MS);
    function done(same: boolean) {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on("error", () => {});
      socket.terminate();
      resolve(same);
    }
    socket.on("message", (data) => {
      if (data.toString().includes(marker)) done(true);
    });
    socket.once("open", () => {
      void probeFetch(`${trip.pushUrl.replace(/\/+$/, "")}/nudge/${trip.event}/${trip.day}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-publish-secret": trip.pushSecret },
        body: JSON.stringify({ facility: marker }),
      });
    });
    socket.once("unexpected-response", () => done(false));
    socket.once("error", () => done(false));
  });
}
