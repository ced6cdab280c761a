/**
 * The pages' Content-Security-Policy, one function for every host that serves them: the local
 * front sends it as a header, and pages published to a static host carry it in a `<meta>` tag
 * (docs/deployment.md says what a `<meta>` policy cannot carry).
 */

/** The three addresses of the pages' `config.json`, absolute or relative to it. */
export interface PagesAddresses {
  apiUrl: string;
  liveUrl: string;
  dataUrl: string;
}

/**
 * The policy for pages whose `config.json` holds `addresses`, loaded from `pageUrl` (needed when
 * an address is relative). Everything else comes from the pages' own origin; the relay's socket
 * address is allowed as `ws:`/`wss:` (browsers that do not count a socket to the page's own host
 * as `'self'` need it spelled out). With `frameAncestors: false` the directive is left out, for a
 * `<meta>` tag, where browsers ignore it.
 * @example pagesCsp({ apiUrl: "./", liveUrl: "./", dataUrl: "./" }, "http://192.168.1.20:8000/public/")
 * // "default-src 'self'; connect-src 'self' ws://192.168.1.20:8000; …; frame-ancestors 'none'"
 */
export function pagesCsp(
  addresses: PagesAddresses,
  pageUrl?: string,
  options: { frameAncestors?: boolean } = {},
): string {
  const base = URL.canParse("../config.json", pageUrl) ? new URL("../config.json", pageUrl) : undefined;
  const origin = (address: string, socket = false): string | undefined => {
    let url: URL;
    try {
      url = new URL(address, base);
    } catch {
      return undefined;
    }
    if (socket) url.protocol = url.protocol.replace(/^http/, "ws");
    return ["http:", "https:", "ws:", "wss:"].includes(url.protocol) ? url.origin : undefined;
  };
  const connect = new Set(["'self'"]);
  for (const source of [
    origin(addresses.apiUrl),
    origin(addresses.dataUrl),
    origin(addresses.liveUrl, true),
  ]) {
    if (source !== undefined) connect.add(source);
  }
  const directives = [
    "default-src 'self'",
    `connect-src ${[...connect].join(" ")}`,
    // The pages' own styles are files; Preact sets the team colours through the CSSOM
    // (`element.style`), which a policy without 'unsafe-inline' allows.
    "style-src 'self'",
    // The pages' icon is `data:,` (no request for a favicon).
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
  if (options.frameAncestors !== false) directives.push("frame-ancestors 'none'");
  return directives.join("; ");
}
