import type { LiveRelay } from "../../src/ports/live-relay.ts";

/** A stand-in relay for in-process tests: records pushes, can be told to fail, every lease free. */
export function standInRelay() {
  const pushes: Array<{ event: string; day: string; snapshot: { generatedAt: string; isLive: unknown } }> =
    [];
  let failing = false;
  const relay: LiveRelay & { pushes: typeof pushes; fail(on: boolean): void } = {
    baseUrl: "http://127.0.0.1:9",
    pushes,
    fail(on) {
      failing = on;
    },
    async publish(event, day, snapshot) {
      if (failing) throw new Error("relay unreachable");
      pushes.push({ event, day, snapshot: snapshot as never });
      return { clients: 2 };
    },
    async nudge() {},
    acquireLease: async (_key, ttlMs) => ({ token: "lease", ttlMs }),
    async releaseLease() {},
    async announceDays() {},
    pushLivePoint: async (_event, _day, point) => ({
      accepted: true,
      point: { ...point, at: "" },
      ended: false,
    }),
    async endLivePoint() {},
    async notify() {},
    health: async () => (failing ? { answers: false, problem: "relay unreachable" } : { answers: true }),
  };
  return relay;
}
