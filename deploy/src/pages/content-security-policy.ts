/** The three addresses of the pages' `config.json`, as written there. */
export interface PagesAddresses {
  apiUrl: string;
  liveUrl: string;
  dataUrl: string;
}

/** The origins a page may fetch from or open a socket on, besides its own. */
function connectSources(addresses: PagesAddresses, pagesUrl: string): string[] {
  const sources = new Set<string>();
  for (const address of [addresses.apiUrl, addresses.liveUrl, addresses.dataUrl]) {
    const url = new URL(address, pagesUrl);
    if (url.origin === new URL(pagesUrl).origin) continue;
    const secure = url.protocol === "https:" || url.protocol === "wss:";
    const host = url.host;
    sources.add(`${secure ? "https" : "http"}://${host}`);
    // The relay's sockets: listed by their own scheme too, for browsers that do not match https to wss.
    if (address === addresses.liveUrl) sources.add(`${secure ? "wss" : "ws"}://${host}`);
  }
  return [...sources];
}

/**
 * The pages' Content-Security-Policy as a `<meta http-equiv>` can carry it: everything from the
 * pages' own origin, no inline script or style, no plugins, no `<base>`, and connections only to
 * the service, the relay and the data site. A `<meta>` cannot carry `frame-ancestors`,
 * `report-uri`/`report-to` or `sandbox` (browsers ignore them there), so framing is refused only
 * by a host that sends headers (docs/deployment.md says which can).
 * @example pagesContentSecurityPolicy(config, "https://club.github.io/tournament-data/")
 */
export function pagesContentSecurityPolicy(addresses: PagesAddresses, pagesUrl: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    ["connect-src 'self'", ...connectSources(addresses, pagesUrl)].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * Puts the policy in a page's `<head>`, right after `<meta charset>`, before any script or style
 * it governs.
 * @throws Error when the page has no `<meta charset>` to anchor it (not a page of this build).
 */
export function withContentSecurityPolicy(html: string, policy: string): string {
  const anchor = /<meta charset="utf-8"\s*\/?>/i.exec(html);
  if (anchor === null) throw new Error("a page without <meta charset> cannot take the policy");
  const at = anchor.index + anchor[0].length;
  const attribute = policy.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return `${html.slice(0, at)}\n    <meta http-equiv="Content-Security-Policy" content="${attribute}" />${html.slice(at)}`;
}
