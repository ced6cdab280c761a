import type { Stack } from "../config/stack.ts";
import { type Check, fail, pass, skip } from "./check.ts";
import { described, probeFetch } from "./probe-http.ts";

export interface PagesSettings {
  /** `PAGES_URL`: where the pages are served. */
  pagesUrl?: string;
  /** This service's address as its caller reached it (the console's `apiUrl`, or the preflight command's). */
  serviceUrl: string;
  /** `LIVE_PUSH_URL`: the relay the pages must open sockets on. */
  relayUrl?: string;
  /**
   * Whether a `liveUrl` other than `relayUrl` still reaches the same relay (a proxy of it, as the
   * local front is); without it a different address is a failure.
   */
  sameRelay?: (liveUrl: URL) => Promise<boolean>;
  /** Whether the relay answered its own checks: a relay that does not cannot be tried through the pages either. */
  relayAnswers: boolean;
  stack: Stack;
}

/** Who writes the pages' config.json: `npm run publish-pages` in production, `npm start` on a laptop. */
const republish = (stack: Stack) =>
  stack === "local"
    ? "Restart the local stack (`npm start` writes the pages' config.json from its own addresses)."
    : "Publish the pages again with `npm run publish-pages` (it writes config.json from the deployed addresses).";

/** An address compared without its scheme's ws/http difference, its trailing slash, or a query. */
function comparable(url: URL): string {
  const scheme = url.protocol.replace(/^ws/, "http");
  return `${scheme}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

function resolved(value: unknown, base: URL): URL | undefined {
  try {
    return typeof value === "string" && value !== "" ? new URL(value, base) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the pages' `config.json` where the pages are served and checks that it points at this
 * service and at the relay the service pushes to. Nothing without `PAGES_URL` (the settings check
 * says so).
 * @example const check = await pagesCheck({ pagesUrl, serviceUrl, relayUrl, relayAnswers, stack });
 */
export async function pagesCheck(settings: PagesSettings): Promise<Check | undefined> {
  if (settings.pagesUrl === undefined) return undefined;
  const REPUBLISH = republish(settings.stack);
  const source = new URL("config.json", `${settings.pagesUrl.replace(/\/+$/, "")}/`);
  const subject = source.href;
  const answer = await probeFetch(source.href, { headers: { "cache-control": "no-cache" } });
  if (!("status" in answer) || answer.status !== 200)
    return fail(
      "pages-config",
      subject,
      `the pages' config.json could not be read (${described(answer)})`,
      settings.stack === "local"
        ? "Restart the local stack (`npm start` serves the pages and their config.json through its front)."
        : "Turn on GitHub Pages for the pages' branch (docs/deployment.md), then publish them with `npm run publish-pages`.",
    );
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return fail("pages-config", subject, "the pages' config.json is not JSON", REPUBLISH);
  }
  const wrong: string[] = [];
  const expect = (name: string, wanted: string | undefined) => {
    if (wanted === undefined) return;
    const found = resolved(config[name], source);
    if (found === undefined || comparable(found) !== comparable(new URL(wanted)))
      wrong.push(`${name} is ${found?.href ?? "missing"}, not ${wanted}`);
  };
  expect("apiUrl", settings.serviceUrl);
  const live = resolved(config.liveUrl, source);
  let untried: string | undefined;
  if (
    settings.relayUrl !== undefined &&
    (live === undefined || comparable(live) !== comparable(new URL(settings.relayUrl)))
  ) {
    if (live !== undefined && !settings.relayAnswers)
      // A way to the relay cannot be told from a wrong address while the relay itself is down.
      untried = `its liveUrl ${live.href} could not be tried: the relay at ${settings.relayUrl} does not answer (above)`;
    else if (!(live !== undefined && settings.sameRelay !== undefined && (await settings.sameRelay(live))))
      wrong.push(`liveUrl is ${live?.href ?? "missing"}, not ${settings.relayUrl} (nor a way to it)`);
  }
  if (wrong.length > 0)
    return fail(
      "pages-config",
      subject,
      `the pages' config.json points elsewhere: ${wrong.join("; ")}`,
      REPUBLISH,
    );
  if (untried !== undefined)
    return skip("pages-config", subject, `the pages' config.json points at this service; ${untried}`);
  return pass(
    "pages-config",
    subject,
    "the pages' config.json points at this service, its relay and its data",
  );
}
