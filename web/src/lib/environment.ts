/**
 * What a page's store takes from the browser, passed in: each page's `main.tsx` makes the real one
 * once (`browser-environment.ts`) and hands it to the page's store factory, as Preact's
 * signals guide builds `createAppState()`. Nothing in a store reaches for `location`, `history`,
 * `fetch`, the storage, the timers or `WebSocket` itself, so the rules a page carries run in Node
 * against fakes (web/test/support/fake-page.ts).
 */

/** The time, and timers that run on it. */
export interface PageClock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The page's address and the tab's history. */
export interface PageAddress {
  /** The address now (`location.href`). */
  current(): URL;
  /** Writes the address (relative to the current one) without a new history entry. */
  replace(address: string): void;
  /** Goes to `address` as a new history entry the back button returns from, at the top of the page. */
  push(address: string): void;
  /** `run` whenever the back or forward button moves the address. */
  onMove(run: () => void): void;
  /** Loads the page again with `hash` as the address's fragment (a pasted link's token). */
  reloadWith(hash: string): void;
}

/** Whether the phone is online and the page in view, and when that changes. */
export interface PageConnection {
  /** What the phone believes (`navigator.onLine`). */
  online(): boolean;
  /** The page is in view (`document.visibilityState`). */
  visible(): boolean;
  /** `run` when the phone goes online or offline; the answer stops listening. */
  onOnlineChange(run: () => void): () => void;
  /** `run` when the page comes back into view; the answer stops listening. */
  onVisible(run: () => void): () => void;
  /**
   * `run` when the page leaves view or is put away (the tab hidden, the phone locked, the page
   * closed): the last moment sure to come to keep what must outlast it. The answer stops listening.
   */
  onHidden(run: () => void): () => void;
}

/** Whether the person allowed notifications: the browser's answer, or `unsupported` when it has none. */
export type NotificationAnswer = "default" | "granted" | "denied" | "unsupported";

/** Notifications shown while the page is open (nothing is pushed to a closed page). */
export interface PageNotifications {
  permission(): NotificationAnswer;
  /** Asks the person (from a tap); resolves with the answer. */
  request(): Promise<NotificationAnswer>;
  /** Shows one; a later one with the same `tag` replaces it. */
  show(title: string, body: string, tag: string): void;
}

/** Everything a page's store takes from the browser. */
export interface PageEnvironment {
  /** For `config.json`, the published files and the API. */
  fetch: typeof fetch;
  clock: PageClock;
  /** The phone's storage (`localStorage`); undefined when the browser refuses it (private browsing). */
  storage: Storage | undefined;
  /** This tab's storage (`sessionStorage`), gone when the tab closes; undefined when refused. */
  tabStorage: Storage | undefined;
  address: PageAddress;
  connection: PageConnection;
  /** Opens a WebSocket to the relay. */
  openSocket(url: string): WebSocket;
  /** Saves a file the page made (an object URL) as a download named `fileName`. */
  download(url: string, fileName: string): void;
  /** Notifications; absent where a page has no use for them. */
  notifications?: PageNotifications;
}
