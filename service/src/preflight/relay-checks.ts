import type { Stack } from "../config/stack.ts";
import type { DayRef } from "../registry/types.ts";
import { type Check, fail, pass, warn } from "./check.ts";
import { codeIn, described, probeFetch, probeUpgrade } from "./probe-http.ts";

export interface RelaySettings {
  /** `LIVE_PUSH_URL`. */
  pushUrl?: string;
  /** `LIVE_PUSH_SECRET`; never sent anywhere but the relay, never in a finding. */
  pushSecret?: string;
  /** The origin the pages are served from (`PAGES_URL`'s). */
  pagesOrigin?: string;
  /** Where the service runs: each fix is what to do there. */
  stack: Stack;
}

/** On a laptop the relay is one of `npm start`'s parts, started with the service's secret and the front's origins. */
const RESTART =
  "Restart the local stack: stop `npm start` (Ctrl+C) and start it again; it starts the relay with the service's secret and the front's origins.";

/** The fix of a relay that does not answer: where it runs. */
export function relayDownFix(stack: Stack): string {
  return stack === "local"
    ? RESTART
    : "Look at the relay's deployment on Cloudflare (Workers & Pages → tournament-ops-relay, or `npx wrangler deployments status` in relay/), run deploy/setup (it deploys the relay again when it is missing or not right), and check that LIVE_PUSH_URL is the relay's address.";
}

const SET_SECRET =
  "Run deploy/setup: it deploys the relay with the service's live-push-secret. By hand, in relay/: `gcloud secrets versions access latest --secret=live-push-secret | npx wrangler secret put LIVE_PUSH_SECRET`.";

/**
 * The relay as the service and the pages use it: `/health`; an authenticated nudge with a body the
 * relay refuses after checking the secret (400 `bad_request` proves the secret right, 401 wrong,
 * and nothing is sent to any socket); a WebSocket upgrade with the pages' `Origin` on a coming
 * day's channel (101 proves `LIVE_ALLOWED_ORIGINS` lists it, 403 that it does not). Nothing when
 * live push is not configured (the settings check says so); `answers` tells the pages' check
 * whether the relay could be tried at all.
 * @example const { checks, answers } = await relayChecks({ pushUrl, pushSecret, pagesOrigin, stack }, day);
 */
export async function relayChecks(
  settings: RelaySettings,
  day: DayRef | undefined,
): Promise<{ checks: Check[]; answers: boolean }> {
  const { pushUrl, pushSecret } = settings;
  if (pushUrl === undefined || pushSecret === undefined) return { checks: [], answers: false };
  const base = pushUrl.replace(/\/+$/, "");
  const health = await probeFetch(`${base}/health`);
  if (!("status" in health) || health.status !== 200)
    return {
      checks: [
        fail(
          "relay-health",
          base,
          "status" in health
            ? `the relay at ${base} answers /health with HTTP ${health.status}`
            : `the relay at ${base} does not answer: ${described(health)}`,
          relayDownFix(settings.stack),
        ),
      ],
      answers: false,
    };
  const checks = [pass("relay-health", base, "the relay answers /health")];
  // A real day's channel: a relay that serves only announced days still knows it.
  const [event, dayKey] = day ? [day.eventKey, day.dayKey] : ["preflight", "check"];
  const nudge = await probeFetch(`${base}/nudge/${event}/${dayKey}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-publish-secret": pushSecret },
    body: "{}",
  });
  const secretCode = codeIn(nudge);
  if ("status" in nudge && nudge.status === 400 && secretCode === "bad_request")
    checks.push(pass("relay-secret", base, "the relay accepts the service's LIVE_PUSH_SECRET"));
  else if ("status" in nudge && nudge.status === 401)
    checks.push(
      fail(
        "relay-secret",
        base,
        "the relay refuses the service's LIVE_PUSH_SECRET: no snapshot reaches the pages live",
        settings.stack === "local" ? RESTART : SET_SECRET,
      ),
    );
  else
    checks.push(
      warn(
        "relay-secret",
        base,
        `the relay's answer to a test push was unexpected (${described(nudge)}${secretCode ? ` ${secretCode}` : ""})`,
        settings.stack === "local"
          ? RESTART
          : "Deploy the relay from this version of the repository with deploy/setup.",
      ),
    );
  // Without PAGES_URL there is no origin to try (the settings check says so).
  if (settings.pagesOrigin !== undefined)
    checks.push(await originCheck(base, settings.pagesOrigin, settings.stack, event, dayKey));
  return { checks, answers: true };
}

async function originCheck(base: string, origin: string, stack: Stack, event: string, day: string) {
  const socketUrl = `${base.replace(/^http/, "ws")}/live/${event}/${day}`;
  const answer = await probeUpgrade(socketUrl, origin);
  if ("status" in answer && answer.status === 101)
    return pass("relay-origin", base, `the relay opens sockets for pages served from ${origin}`);
  if ("status" in answer && answer.status === 403 && codeIn(answer) === "forbidden")
    return fail(
      "relay-origin",
      base,
      `the relay refuses sockets from ${origin}, so no page follows the day live`,
      stack === "local"
        ? `${RESTART} Phones on the venue's Wi-Fi need \`npm start -- --lan\`.`
        : `Add ${origin} to the relay's LIVE_ALLOWED_ORIGINS: run deploy/setup, which sets them from pagesUrl and extraOrigins (docs/deployment.md, section 10).`,
    );
  return warn(
    "relay-origin",
    base,
    `a socket from ${origin} to ${event}/${day} was not opened (${described(answer)}${codeIn(answer) ? ` ${codeIn(answer)}` : ""})`,
    "Sync the day once so the relay knows it, then run the preflight again.",
  );
}
