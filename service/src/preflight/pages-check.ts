import { type Check, fail, pass, warn } from "./check.ts";
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
}

const REPUBLISH =
  "Publish the pages again with `npm run publish-pages` (it writes config.json from the deployed addresses).";

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
 * service and at the relay the service pushes to.
 * @example const check = await pagesCheck({ pagesUrl, serviceUrl, relayUrl });
 */
export async function pagesCheck(settings: PagesSettings): Promise<Check> {
  if (settings.pagesUrl === undefined)
    return warn(
      "pages-config",
      "config.json",
      "PAGES_URL is not set, so the pages' config.json cannot be checked",
      "Set PAGES_URL on the service to where the pages are served (deploy/setup does).",
    );
  const source = new URL("config.json", `${settings.pagesUrl.replace(/\/+$/, "")}/`);
  const subject = source.href;
  const answer = await probeFetch(source.href, { headers: { "cache-control": "no-cache" } });
  if (!("status" in answer) || answer.status !== 200)
    return fail(
      "pages-config",
      subject,
      `the pages' config.json could not be read (${described(answer)})`,
      "Turn on GitHub Pages for the pages' branch (docs/deployment.md), then publish them with `npm run publish-pages`.",
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
  if (
    settings.relayUrl !== undefined &&
    (live === undefined || comparable(live) !== comparable(new URL(settings.relayUrl)))
  ) {
    const proxied =
      live !== undefined && settings.sameRelay !== undefined && (await settings.sameRelay(live));
    if (!proxied)
      wrong.push(`liveUrl is ${live?.href ?? "missing"}, not ${settings.relayUrl} (nor a way to it)`);
  }
  if (wrong.length > 0)
    return fail(
      "pages-config",
      subject,
      `the pages' config.json points elsewhere: ${wrong.join("; ")}`,
      REPUBLISH,
    );
  return pass(
    "pages-config",
    subject,
    "the pages' config.json points at this service, its relay and its data",
  );
}
