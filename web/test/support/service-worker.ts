/** Waiting for a page's service worker, so that the next opening without a network is answered by it. */
import type { Page } from "playwright-core";

/**
 * Waits until the service worker controls `page` and answers its opening: Chromium writes a newly
 * activated worker's registration down a moment after it takes control, and a page opened before
 * that goes to the network. A reload the worker answered is the sign it will answer the next one.
 */
export async function workerReady(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return (
        navigator.serviceWorker.controller !== null &&
        registration?.active?.state === "activated" &&
        registration.installing === null &&
        registration.waiting === null
      );
    },
    undefined,
    { polling: 100, timeout: 30_000 },
  );
  // Who answered is known once the opening commits; its load (which once hung for 30 s on a loaded
  // machine, offline) is not what this waits for: the page's document is enough.
  // Reloaded until the worker answers, for a minute at most (a slow machine writes it down later).
  // An opening that does not commit within 15 s is opened again (once, on a quiet machine, a
  // reload right after a new worker took over never committed: the worker answers within its own
  // 4 s network wait, so a person would have seen a stuck page and reloaded too).
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const opened = await page.reload({ waitUntil: "commit", timeout: 15_000 }).catch((error: unknown) => {
      if (error instanceof Error && error.name === "TimeoutError") return null;
      throw error;
    });
    if (opened?.fromServiceWorker()) {
      await page.waitForLoadState("domcontentloaded");
      return;
    }
    await page.waitForTimeout(250);
  }
  throw new Error("the service worker never answered the page's opening");
}
