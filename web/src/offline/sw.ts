/// <reference lib="webworker" />
/**
 * The pages' service worker (built to `sw.js` at the pages' root by vite-plugin-pwa's
 * injectManifest, with the build's file list), so the desk, score and public pages open without a
 * network, with what each keeps on the phone:
 * - every page and its assets are precached at install (Workbox), and kept until the next build;
 * - opening a page asks the network first (at most {@link NETWORK_WAIT_S} s), so a new build takes
 *   over on the next open, and falls back to the precached page when there is no answer, or an
 *   answer of 400 or above (a busy or refusing front is no reason to lose the page);
 * - `config.json` and the registry (`config/events.json`) are read from the network first and kept
 *   for the next open without one (fetched once at install, as the first page read them before
 *   this worker was there);
 * - nothing else is touched: the `/v3` API, the relay's sockets and the published day files go to
 *   the network as they would without it (pages keep their own state: marks, links, snapshots).
 * A new build's worker takes over at once (`skipWaiting`, `clientsClaim`): pages load each build's
 * files whole when they open, so a page open meanwhile keeps working with the files it has.
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst, NetworkOnly } from "workbox-strategies";
import { isSettingsFile, pageDocumentOf, pageOf } from "./routes.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** How long opening a page waits for the network before it opens from the phone. */
const NETWORK_WAIT_S = 4;
const SETTINGS_CACHE = "tournament-ops-settings";

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

const network = new NetworkOnly({ networkTimeoutSeconds: NETWORK_WAIT_S });
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      const answer = await network.handle(options);
      if (answer.status < 400) return answer;
      const page = pageDocumentOf(options.url, self.registration.scope);
      return (page !== undefined ? await matchPrecache(page) : undefined) ?? answer;
    } catch {
      const page = pageOf(options.url, self.registration.scope);
      return (await matchPrecache(`${page}index.html`)) ?? Response.error();
    }
  }),
);

const settings = new NetworkFirst({
  cacheName: SETTINGS_CACHE,
  networkTimeoutSeconds: NETWORK_WAIT_S,
  matchOptions: { ignoreSearch: true },
  plugins: [new ExpirationPlugin({ maxEntries: 8 })],
});
registerRoute(({ request, url }) => request.method === "GET" && isSettingsFile(url), settings);

precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "index.html", ignoreURLParametersMatching: [/.*/] });

// The first page read config.json and the registry before this worker could keep them.
self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      try {
        const configUrl = new URL("config.json", self.registration.scope);
        const cache = await caches.open(SETTINGS_CACHE);
        const config = await fetch(configUrl, { cache: "no-cache" });
        if (!config.ok) return;
        await cache.put(configUrl, config.clone());
        const { dataUrl } = (await config.json()) as { dataUrl?: unknown };
        if (typeof dataUrl !== "string") return;
        const registryUrl = new URL("config/events.json", new URL(dataUrl.replace(/\/*$/, "/"), configUrl));
        const registry = await fetch(registryUrl, { cache: "no-cache" });
        if (registry.ok) await cache.put(registryUrl, registry);
      } catch {
        // No network at install: the pages' next open with one keeps them.
      }
    })(),
  );
});

// A tap on a notification the public page showed through this worker brings that page back: the
// open tab that shows it if there is one, else a new one at its address.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const wanted = (event.notification.data as { url?: unknown } | null)?.url;
  const url = typeof wanted === "string" ? new URL(wanted, self.registration.scope) : undefined;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same =
        open.find((client) => client.url === url?.href) ??
        open.find((client) => url !== undefined && new URL(client.url).pathname === url.pathname);
      if (same !== undefined) await same.focus();
      else if (url !== undefined && url.origin === self.location.origin)
        await self.clients.openWindow(url.href);
    })(),
  );
});
