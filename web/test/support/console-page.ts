/**
 * The console's store on a fake page (web/test/support/fake-page.ts), signed in as the tests need
 * it: the registry of page-fixtures.ts on the site, the operator's session in the tab's storage.
 */
import { createConsoleStore } from "../../src/console/store/console.ts";
import type { DayEntry } from "../../src/lib/data/registry.ts";
import type { DaySnapshot } from "../../src/lib/data/snapshot.ts";
import { settle } from "./fake-clock.ts";
import { fakePage } from "./fake-page.ts";
import type { MemoryStorage } from "./memory-storage.ts";
import { REGISTRY, SUNDAY_9AM } from "./page-fixtures.ts";

/** Sunday 29 November 2026, 09:00 in Manila, when the console opens unless told. */
export const NOW = Date.parse(SUNDAY_9AM);
/** Where the console keeps the operator's session, and the links issued in the tab. */
export const SESSION = "tournament-ops.operator-session";
export const ISSUED = "tournament-ops.issued-links";

/** The console at `now` (Sunday 09:00), signed in for `minutes` more unless the tab's storage is given. */
export async function openConsole(
  query = "?day=open-sun",
  {
    minutes = 60,
    now = NOW,
    tabStorage,
  }: { minutes?: number; now?: number; tabStorage?: MemoryStorage } = {},
) {
  const page = fakePage({
    href: `https://results.test/console/${query}`,
    now,
    ...(tabStorage ? { tabStorage } : {}),
  });
  if (tabStorage === undefined) {
    page.tabStorage.setItem(
      SESSION,
      JSON.stringify({ token: "operator", expiresAt: NOW + minutes * 60_000 }),
    );
  }
  page.site.file("/config/events.json", REGISTRY);
  const store = createConsoleStore(page.env);
  await store.start();
  return { page, store, entry: store.app.dayEntry.value as DayEntry };
}

/** The console on Sunday (`query`) with the day opened and `snapshot` arrived through the relay. */
export async function openConsoleDay(query: string, snapshot: DaySnapshot) {
  const opened = await openConsole(query);
  opened.store.day.openDay(opened.entry);
  await settle();
  const live = opened.page.socket("/live/junior-open/open-sun?changes=1");
  live.open();
  live.receive({ type: "snapshot", seq: 1, snapshot });
  return { ...opened, live };
}
