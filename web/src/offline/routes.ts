/**
 * Which requests the service worker (sw.ts) answers from the phone, apart from the worker so the
 * rules are tested in Node.
 */

/**
 * True for the pages' settings and the registry, `config.json` and `config/events.json`, wherever
 * the static site is; never an API call.
 */
export function isSettingsFile(url: URL): boolean {
  if (url.pathname.includes("/v3/")) return false;
  return /\/config\.json$/.test(url.pathname) || /\/config\/events\.json$/.test(url.pathname);
}

/**
 * The page folder (with its slash) an address opens under the worker's `scope`, `""` for the
 * pages' root: its precached document is `<folder>index.html`.
 * @example pageOf(new URL("https://results.example/desk/?facility=Rizal+Hall"), "https://results.example/") // "desk/"
 */
export function pageOf(url: URL, scope: string): string {
  const root = new URL(scope).pathname;
  if (!url.pathname.startsWith(root)) return "";
  const folder = url.pathname.slice(root.length).split("/")[0] ?? "";
  return folder === "" || folder.includes(".") ? "" : `${folder}/`;
}

/**
 * The precached document an address that opens a page's own document stands for (`<folder>/`,
 * `<folder>/index.html`, or the root), `undefined` for any other file: what the worker shows
 * instead of the network's 4xx/5xx for a page load, so a front or host that refuses the phone
 * (busy, a 403 from a proxy, a 502) opens the page as offline would; a made-up address keeps the
 * network's 404.
 * @example pageDocumentOf(new URL("https://results.example/public/?day=x"), "https://results.example/") // "public/index.html"
 */
export function pageDocumentOf(url: URL, scope: string): string | undefined {
  const root = new URL(scope).pathname;
  if (!url.pathname.startsWith(root)) return undefined;
  const match = /^(?:([^/.]+)\/)?(?:index\.html)?$/.exec(url.pathname.slice(root.length));
  if (match === null) return undefined;
  return match[1] === undefined ? "index.html" : `${match[1]}/index.html`;
}
