import { type LiveRelay, NOTICE_TIMEOUT_MS } from "../../ports/live-relay.ts";

/**
 * The notices half of the relay client: `POST /notices/<event>/<day>` with `X-Publish-Secret`
 * (the relay's `notices-route.ts`), bounded by {@link NOTICE_TIMEOUT_MS}; a failure is logged and
 * never thrown (a page that misses a notice learns the same at its next request).
 * @example const { notify } = createNoticeClient("https://relay.example", secret, logger);
 */
export function createNoticeClient(
  baseUrl: string,
  secret: string,
  logger: { warn(object: object, message: string): void },
): Pick<LiveRelay, "notify"> {
  return {
    async notify(event, day, notice) {
      try {
        const response = await fetch(
          `${baseUrl}/notices/${encodeURIComponent(event)}/${encodeURIComponent(day)}`,
          {
            method: "POST",
            headers: { "content-type": "application/json", "x-publish-secret": secret },
            body: JSON.stringify(notice),
            signal: AbortSignal.timeout(NOTICE_TIMEOUT_MS),
          },
        );
        await response.arrayBuffer();
        if (!response.ok) logger.warn({ event, day, status: response.status }, "live notice refused");
      } catch (error) {
        logger.warn(
          { event, day, error: error instanceof Error ? error.name : String(error) },
          "live notice failed",
        );
      }
    },
  };
}
