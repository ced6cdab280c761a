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
