// The public page's status line at the moments a venue day depends on it (issue 26), on its store
// in Node: "Live" only when the socket is open and the day is public, live push switched off by
// the organisers told apart from a failure, and a page reopened offline showing the results as
// the phone last saw them.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Registry } from "../../src/lib/data/registry.ts";
import { feedStatus } from "../../src/lib/live/feed-status.ts";
import { KEEP_EVERY_MS } from "../../src/lib/live/kept-snapshot.ts";
import { createPublicStore } from "../../src/public/store.ts";
import { settle } from "../support/fake-clock.ts";
import { fakePage } from "../support/fake-page.ts";
import type { MemoryStorage } from "../support/memory-storage.ts";
import { matchRow, REGISTRY, SUNDAY_9AM, snapshotOf } from "../support/page-fixtures.ts";

async function openPublic(
  query: string,
  options: { registry?: Registry; storage?: MemoryStorage; online?: boolean } = {},
) {
  const page = fakePage({
    href: `https://results.test/public/${query}`,
    now: SUNDAY_9AM,
    ...(options.storage ? { storage: options.storage } : {}),
  });
  page.site.file("/config/events.json", options.registry ?? REGISTRY);
  if (options.online === false) {
    // The service worker answers the page's own files from its copies; nothing else is reached.
    page.setOnline(false);
    page.site.unreachable = false;
    page.site.file("/junior-open/data/open-sun.json", undefined);
  }
  const store = createPublicStore(page.env);
  await store.start();
  await settle();
  const status = () => feedStatus(store.feed.value, store.visibility.value?.shown);
  return { page, store, status };
}

/** Sunday's public page with its socket open, and the snapshot it keeps on the phone. */
async function openLive() {
  const { page } = await openPublic("?day=open-sun");
  const live = page.socket("/live/");
  live.open();
  const kept = (): { generatedAt?: string } | undefined =>
    JSON.parse(page.storage.getItem("tournament-ops.kept-snapshot.public") ?? "null")?.snapshot;
  return { page, live, kept };
}

const sunday = (score: [string, string], generatedAt: string) =>
  snapshotOf(
    { "Rizal Hall": [matchRow(101, "09:00", "Court 1", "María Peña", "Lucía Fernández", score)] },
    { generatedAt },
  );

describe("the public page's status line on a venue day", () => {
  test("“Live” only when the socket is open and the day is public", async () => {
    const notYet = await openPublic("?day=open-mon");
    assert.equal(notYet.status(), "connecting");
    notYet.page.socket("/live/").open();
    assert.equal(notYet.store.feed.value?.source, "live");
    assert.equal(notYet.store.visibility.value?.shown, false);
    assert.equal(notYet.status(), "waiting", "never “Live” beside “not public yet”");

    const today = await openPublic("?day=open-sun");
    today.page.socket("/live/").open();
    assert.equal(today.status(), "live");
    today.page.socket("/live/").drop();
    await settle();
    assert.equal(today.status(), "published");
  });

  test("live push switched off by the organisers reads as the file every 30 s, not as a failure", async () => {
    const { status } = await openPublic("?day=open-sun", { registry: { ...REGISTRY, livePush: false } });
    assert.equal(status(), "push-off");
  });

  test("reopened offline, the page shows the results as this phone last saw them, and says it is offline", async () => {
    const first = await openPublic("?day=open-sun");
    const live = first.page.socket("/live/");
    live.open();
    const seen = sunday(["21", "17"], "2026-11-29T01:14:00.000Z");
    live.receive({ type: "snapshot", seq: 1, snapshot: seen });
    await first.page.clock.advance(KEEP_EVERY_MS);

    const again = await openPublic("?day=open-sun", { storage: first.page.storage, online: false });
    assert.deepEqual(again.store.feed.value?.snapshot, seen);
    assert.equal(again.status(), "offline");
    again.page.setOnline(true);
    assert.equal(again.status(), "connecting", "back online, it says so at once");
  });

  test("the kept snapshot is written at most every 30 s, the newest at the end of the wait", async () => {
    const { page, live, kept } = await openLive();
    live.receive({ type: "snapshot", seq: 1, snapshot: sunday(["1", "0"], "2026-11-29T01:01:00.000Z") });
    assert.equal(kept()?.generatedAt, "2026-11-29T01:01:00.000Z");
    live.receive({ type: "snapshot", seq: 2, snapshot: sunday(["2", "0"], "2026-11-29T01:02:00.000Z") });
    live.receive({ type: "snapshot", seq: 3, snapshot: sunday(["3", "0"], "2026-11-29T01:03:00.000Z") });
    assert.equal(kept()?.generatedAt, "2026-11-29T01:01:00.000Z");
    await page.clock.advance(KEEP_EVERY_MS);
    assert.equal(kept()?.generatedAt, "2026-11-29T01:03:00.000Z");
  });

  test("a score that arrives just before the phone is locked or the day changed is kept at once", async () => {
    const { page, live, kept } = await openLive();
    live.receive({ type: "snapshot", seq: 1, snapshot: sunday(["1", "0"], "2026-11-29T01:01:00.000Z") });
    live.receive({ type: "snapshot", seq: 2, snapshot: sunday(["2", "0"], "2026-11-29T01:02:00.000Z") });
    assert.equal(kept()?.generatedAt, "2026-11-29T01:01:00.000Z", "the second waits its turn");
    page.setVisible(false);
    assert.equal(kept()?.generatedAt, "2026-11-29T01:02:00.000Z", "put away: written now");
    page.setVisible(true);

    live.receive({ type: "snapshot", seq: 3, snapshot: sunday(["3", "0"], "2026-11-29T01:03:00.000Z") });
    assert.equal(kept()?.generatedAt, "2026-11-29T01:02:00.000Z");
    // The back button to Saturday's results: Sunday's feed stops.
    page.history.splice(-1, 0, "https://results.test/public/?day=open-sat");
    page.back();
    assert.equal(kept()?.generatedAt, "2026-11-29T01:03:00.000Z", "no longer followed: written now");
    await page.clock.advance(KEEP_EVERY_MS);
    assert.equal(kept()?.generatedAt, "2026-11-29T01:03:00.000Z", "and nothing written twice later");
  });
});
