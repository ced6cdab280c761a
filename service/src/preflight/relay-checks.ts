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
}

const SET_SECRET =
  "In relay/, set the relay's secret to the service's: `gcloud secrets versions access latest --secret live-push-secret | npx wrangler secret put LIVE_PUSH_SECRET` (deploy/setup does it).";

/**
 * The relay as the service and the pages use it: `/health`; an authenticated nudge with a body the
 * relay refuses after checking the secret (400 `bad_request` proves the secret right, 401 wrong,
 * and nothing is sent to any socket); a WebSocket upgrade with the pages' `Origin` on a coming
 * day's channel (101 proves `LIVE_ALLOWED_ORIGINS` lists it, 403 that it does not).
 * @example const checks = await relayChecks({ pushUrl, pushSecret, pagesOrigin }, day);
 */
export async function relayChecks(settings: RelaySettings, day: DayRef | undefined): Promise<Check[]> {
  const { pushUrl, pushSecret } = settings;
  if (pushUrl === undefined || pushSecret === undefined)
    return [
      warn(
        "relay-health",
        "live push",
        `live push is off: ${pushUrl === undefined ? "LIVE_PUSH_URL" : "LIVE_PUSH_SECRET"} is not set, so pages read the published files only`,
        "Deploy the relay and set LIVE_PUSH_URL and LIVE_PUSH_SECRET on the service (deploy/setup does both).",
      ),
    ];
  const base = pushUrl.replace(/\/+$/, "");
  const health = await probeFetch(`${base}/health`);
  if (!("status" in health) || health.status !== 200)
    return [
      fail(
        "relay-health",
        base,
        `the relay did not answer /health (${described(health)})`,
        "Deploy the relay (`npx wrangler deploy` in relay/) and check that LIVE_PUSH_URL is its address.",
      ),
    ];
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
        SET_SECRET,
      ),
    );
  else
    checks.push(
      warn(
        "relay-secret",
        base,
        `the relay's answer to a test push was unexpected (${described(nudge)}${secretCode ? ` ${secretCode}` : ""})`,
        "Deploy the relay from this version of the repository (`npx wrangler deploy` in relay/).",
      ),
    );
  checks.push(await originCheck(base, settings.pagesOrigin, event, dayKey));
  return checks;
}

async function originCheck(base: string, origin: string | undefined, event: string, day: string) {
  if (origin === undefined)
    return warn(
      "relay-origin",
      base,
      "PAGES_URL is not set, so the pages' origin cannot be tried against the relay",
      "Set PAGES_URL on the service to where the pages are served (deploy/setup does).",
    );
  const socketUrl = `${base.replace(/^http/, "ws")}/live/${event}/${day}`;
  const answer = await probeUpgrade(socketUrl, origin);
  if ("status" in answer && answer.status === 101)
    return pass("relay-origin", base, `the relay opens sockets for pages served from ${origin}`);
  if ("status" in answer && answer.status === 403 && codeIn(answer) === "forbidden")
    return fail(
      "relay-origin",
      base,
      `the relay refuses sockets from ${origin}, so no page follows the day live`,
      `Add ${origin} to the relay's LIVE_ALLOWED_ORIGINS and deploy it again (deploy/setup sets it from the pages' address).`,
    );
  return warn(
    "relay-origin",
    base,
    `a socket from ${origin} to ${event}/${day} was not opened (${described(answer)}${codeIn(answer) ? ` ${codeIn(answer)}` : ""})`,
    "Sync the day once so the relay knows it, then run the preflight again.",
  );
}
