/**
 * Where a page finds the service, the relay and the static site: `config.json` at the root of the
 * pages (beside the page folders), `{ apiUrl, liveUrl, dataUrl }`. Each value may be absolute or
 * relative to `config.json` itself, so one file works for every address the pages are served from.
 */
export interface PagesConfig {
  /** The service's base URL (`/v3/…`, `/openapi.json`). */
  apiUrl: URL;
  /** The relay's base URL, as `ws:` or `wss:`. */
  liveUrl: URL;
  /** The static site's base URL (`config/events.json`, `<event>/data/<day>.json`). */
  dataUrl: URL;
}

/** config.json is missing or wrong: the page cannot work, and says so. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * Reads `config.json` next to the folder of the page at `pageUrl`.
 * @throws ConfigError
 * @example const { dataUrl } = await loadConfig(location.href, fetch); // on /public/: reads /config.json
 */
export async function loadConfig(pageUrl: string | URL, fetchFile: typeof fetch): Promise<PagesConfig> {
  const source = new URL("../config.json", pageUrl);
  let value: Record<string, unknown>;
  try {
    const response = await fetchFile(source, { cache: "no-cache" });
    if (!response.ok) throw new Error(String(response.status));
    value = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new ConfigError("This page cannot find its settings (config.json). Reload the page in a moment.");
  }
  return parseConfig(value, source);
}

/** Resolves and checks the three addresses of a parsed config.json read from `source`. */
export function parseConfig(value: Record<string, unknown>, source: URL): PagesConfig {
  const address = (name: string, protocols: string[]): URL => {
    const raw = value?.[name];
    let url: URL | undefined;
    try {
      url = typeof raw === "string" && raw !== "" ? new URL(raw, source) : undefined;
    } catch {
      url = undefined;
    }
    if (url === undefined || !protocols.includes(url.protocol)) {
      throw new ConfigError(`This page's settings (config.json) have no usable ${name}.`);
    }
    if (!url.pathname.endsWith("/")) url.pathname += "/";
    return url;
  };
  const live = address("liveUrl", ["http:", "https:", "ws:", "wss:"]);
  live.protocol = live.protocol.replace(/^http/, "ws");
  return {
    apiUrl: address("apiUrl", ["http:", "https:"]),
    liveUrl: live,
    dataUrl: address("dataUrl", ["http:", "https:"]),
  };
}
