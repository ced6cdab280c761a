/**
 * A spectator's phone and its notifications, in Chromium: what the page's service worker shows
 * (read back through the browser's own `getNotifications()`, the list a phone's shade holds), and
 * the page put in the background while the person does something else.
 */
import type { Page } from "playwright-core";

/** A notification shown through the page's service worker: its title, body, tag and when it was shown. */
export interface Shown {
  title: string;
  body: string;
  tag: string;
  /** A notification shown again under its tag replaces the one before with a later timestamp. */
  timestamp: number;
}

/** The notifications the page's service worker shows now (`registration.getNotifications()`). */
export function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    // `timestamp` is Chromium's (the DOM types dropped it).
    const shown = (await registration.getNotifications()) as Array<Notification & { timestamp: number }>;
    return shown.map(({ title, body, tag, timestamp }) => ({ title, body, tag, timestamp }));
  });
}

/** Waits until the worker shows a notification titled `title`; all of them then. */
export async function notified(page: Page, title: string): Promise<Shown[]> {
  await page.waitForFunction(
    async (wanted) => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).some((shown) => shown.title === wanted);
    },
    title,
    { polling: 200, timeout: 15_000 },
  );
  return shownNotifications(page);
}

/**
 * The person switches to another app (`away`) or back: the document says it is hidden, as a
 * background tab's does, and tells the page. (Headless Chromium reports every page visible, even
 * behind another tab, so its visibility is set here; what the page does about it is its own.)
 */
export async function putAway(page: Page, away: boolean): Promise<void> {
  await page.evaluate((hidden) => {
    const state = hidden ? "hidden" : "visible";
    // Own values over the prototype's getters (plain values: the test runner's compiler names
    // functions with a helper the page does not have).
    Object.defineProperty(document, "visibilityState", { configurable: true, value: state });
    Object.defineProperty(document, "hidden", { configurable: true, value: hidden });
    document.dispatchEvent(new Event("visibilitychange"));
  }, away);
}
