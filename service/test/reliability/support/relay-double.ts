import { FaultPlan } from "../../fakes/fault-plan.ts";
import { listen, type RunningServer, readBody, sendJson } from "../../fakes/http-server.ts";

/** A text every refusal of the relay double carries, so a test can prove it never reaches a response. */
export const RELAY_MARKER = "relay-double-upstream-text-7f3a";

/** One message the relay double accepted. */
export interface RelayMessage {
  action: "publish" | "nudge";
  event: string;
  day: string;
  body: unknown;
}

export interface RelayDouble extends RunningServer {
  /** The next matching requests answer `status` with a JSON body carrying {@link RELAY_MARKER}. */
  failNext(status: number, times?: number): void;
  /** The next requests hang, reset, answer cut-off JSON, or send their body slowly (about 2 s). */
  faultNext(kind: "hang" | "reset" | "malformed" | "slow-body", times?: number): void;
  readonly messages: RelayMessage[];
  reset(): void;
}

/**
 * A controllable stand-in for the live relay worker (`POST /publish/<event>/<day>` and
 * `POST /nudge/<event>/<day>`, answering `{ clients: 0 }`, and `PUT /days`) that fails or hangs on demand, for the
 * fault matrix. The real relay runs in Miniflare (`relay/test/helpers.ts`); this double exists
 * because the real one cannot be told to answer 429 or a cut-off body.
 * @example const relay = await startRelayDouble(); relay.failNext(500); await relay.close();
 */
export async function startRelayDouble(): Promise<RelayDouble> {
  const plan = new FaultPlan();
  const messages: RelayMessage[] = [];
  const server = await listen(
    async (req, res) => {
      const { url, fault } = await plan.arrive(req);
      const text = await readBody(req);
      const answer = JSON.stringify({ clients: 0, note: RELAY_MARKER });
      if (fault?.kind === "status")
        return sendJson(res, fault.status ?? 500, { error: RELAY_MARKER, code: RELAY_MARKER });
      if (fault) return plan.play(fault, res, answer);
      // The service announces its registry's days at startup (features/sync/day-announcer.ts).
      if (req.method === "PUT" && url.pathname === "/days") return sendJson(res, 200, { days: 0 });
      const match = /^\/(publish|nudge)\/([^/]+)\/([^/]+)$/.exec(url.pathname);
      if (req.method !== "POST" || !match) return sendJson(res, 404, { error: RELAY_MARKER });
      messages.push({
        action: match[1] as RelayMessage["action"],
        event: decodeURIComponent(match[2] ?? ""),
        day: decodeURIComponent(match[3] ?? ""),
        body: JSON.parse(text || "null"),
      });
      sendJson(res, 200, { clients: 0 });
    },
    () => plan.stop(),
  );
  return {
    ...server,
    failNext: (status, times = 1) => plan.add("status", { times }, status),
    faultNext: (kind, times = 1) => plan.add(kind, { times }),
    messages,
    reset() {
      plan.clear();
      messages.length = 0;
    },
  };
}
