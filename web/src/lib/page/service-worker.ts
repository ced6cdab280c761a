/**
 * Registers the pages' service worker (`sw.js` at the pages' root, one level above a page's
 * folder, built from src/offline/sw.ts), so a page opens without a network. Browsers give service
 * workers only to secure pages (https, or localhost): a page on the venue's plain-http LAN address
 * works as before, online only.
 */
export function registerServiceWorker(pageUrl: string = location.href): void {
  if (!("serviceWorker" in navigator)) return;
  const worker = new URL("../sw.js", pageUrl);
  navigator.serviceWorker.register(worker).catch(() => {
    // Refused (storage off, private browsing): the page works online as before.
  });
}
