import { LIVE_POINT_TIMEOUT_MS, type LivePointAnswer, type LiveRelay } from "../../ports/live-relay.ts";

/**
 * The live-points half of the relay client: `POST /points/<event>/<day>` with `X-Publish-Secret`
 * (the relay's `points-route.ts`), each bounded by {@link LIVE_POINT_TIMEOUT_MS}.
 * @example const { pushLivePoint, endLivePoint } = createLivePointClient("https://relay.example", secret);
 */
export function createLivePointClient(
  baseUrl: string,
  secret: string,
): Pick<LiveRelay, "pushLivePoint" | "endLivePoint"> {
  const post = (event: string, day: string, body: unknown) =>
    fetch(`${baseUrl}/points/${encodeURIComponent(event)}/${encodeURIComponent(day)}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-publish-secret": secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(LIVE_POINT_TIMEOUT_MS),
    });

  return {
    async pushLivePoint(event, day, point) {
      const response = await post(event, day, point);
      const answer = (await response.json().catch(() => undefined)) as LivePointAnswer | undefined;
      if (!response.ok || typeof answer?.accepted !== "boolean" || typeof answer.point?.seq !== "number") {
        throw new Error(`the relay refused the live point (HTTP ${response.status})`);
      }
      return answer;
    },

    async endLivePoint(event, day, facility, matchNumber) {
      try {
        const response = await post(event, day, { facility, matchNumber, ended: true });
        await response.arrayBuffer();
      } catch {
        // Pages drop a match's live state when its final score arrives anyway.
      }
    },
  };
}
