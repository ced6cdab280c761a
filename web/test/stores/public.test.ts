// The public page's rules, on its store in Node: the go-live reading of `isLive` (docs/pages.md,
// "Go-live on the public page"), the relay's snapshot and changes with the published file as the
// fallback, the place kept in the address, and a page that cannot start saying why. The page
// itself runs in Chromium in web/test/browser/public-page.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { effect } from "@preact/signals";
import { diffSnapshot } from "@tournament-ops/relay/changes";
import type { Registry } from "../../src/lib/data/registry.ts";
import { POLL_MS } from "../../src/lib/live/day-feed.ts";
import { createPublicStore } from "../../src/public/store.ts";
import { settle } from "../support/fake-clock.ts";
import { fakePage } from "../support/fake-page.ts";
import { matchRow, REGISTRY, SUNDAY_9AM, snapshotOf } from "../support/page-fixtures.ts";

/** Monday's results open at 00:00 Manila on its date: 16:00 UTC on Sunday. */
const MONDAY_OPENS = Date.parse("2026-11-29T16:00:00.000Z");
const PUBLISHED = "/junior-open/data/open-sun.json";

async function openPublic(query: string, registry: Registry = REGISTRY) {
  const page = fakePage({ href: `https://results.test/public/${query}`, now: SUNDAY_9AM });
  page.site.file("/config/events.json", registry);
  const store = createPublicStore(page.env);
  await store.start();
  await settle();
  return { page, store };
}

const match = (
  score: [string, string],
  generatedAt: string,
  isLive: boolean | "auto" = true,
  day = "open-sun",
) =>
  snapshotOf(
    { "Rizal Hall": [matchRow(101, "09:00", "Court 1", "María Peña", "Lucía Fernández", score)] },
    { generatedAt, isLive, day },
  );

describe("the public page's store", () => {
  test("an `auto` day before its date says when it opens, and opens by itself at 00:00 Manila", async () => {
    const { page, store } = await openPublic("?day=open-mon");
    assert.deepEqual(store.visibility.value, { shown: false, opensAt: MONDAY_OPENS });
    page.clock.set(MONDAY_OPENS - 1_000);
    await page.clock.advance(30_000);
    assert.deepEqual(store.visibility.value, { shown: true });
  });

  test("the newest snapshot's `isLive` wins over the registry's: going live shows the day without a reload", async () => {
    const { page, store } = await openPublic("?day=open-mon");
    const live = page.socket("/live/junior-open/open-mon?changes=1");
    live.open();
    live.receive({ type: "snapshot", seq: 1, snapshot: match(["", ""], SUNDAY_9AM, true, "open-mon") });
    assert.deepEqual(store.visibility.value, { shown: true }, "the organisers went live early");
    live.receive({
      type: "snapshot",
      seq: 7,
      snapshot: match(["", ""], "2026-11-29T01:10:00.000Z", false, "open-mon"),
    });
    page.clock.set(MONDAY_OPENS + 60_000);
    await page.clock.advance(30_000);
    assert.deepEqual(store.visibility.value, { shown: false }, "hidden stays hidden after its date");
    const sunday = await openPublic("?day=open-sun");
    assert.deepEqual(sunday.store.visibility.value, { shown: true }, "auto, on its date");
    assert.equal((await openPublic("")).store.visibility.value, undefined, "the event list has no day");
  });

  test("the relay's snapshot, then its changes in sequence; a gap reopens the socket and applies nothing", async () => {
    const { page, store } = await openPublic("?day=open-sun");
    const live = page.socket("/live/junior-open/open-sun?changes=1");
    live.open();
    const first = match(["", ""], SUNDAY_9AM);
    const second = match(["21", "17"], "2026-11-29T01:05:00.000Z");
    live.receive({ type: "snapshot", seq: 4, snapshot: first });
    live.receive({ type: "changes", seq: 5, changes: diffSnapshot(first, second) });
    assert.equal(store.feed.value?.source, "live");
    assert.deepEqual(store.feed.value?.snapshot, second);
    live.receive({
      type: "changes",
      seq: 7,
      changes: diffSnapshot(second, match(["9", "9"], "2026-11-29T01:09:00.000Z")),
    });
    await settle();
    assert.deepEqual(store.feed.value?.snapshot, second);
    assert.ok(live.closed);
    const again = page.socket("/live/");
    assert.notEqual(again, live, "a new socket, for the whole snapshot");
  });

  test("a score that arrives changes the results, not the day's heading or go-live reading, so only what shows scores is drawn again", async () => {
    const { page, store } = await openPublic("?day=open-sun");
    assert.equal(store.results.value, "unpublished", "nothing published yet, and the relay not heard");
    const live = page.socket("/live/junior-open/open-sun?changes=1");
    live.open();
    live.receive({ type: "snapshot", seq: 1, snapshot: match(["", ""], SUNDAY_9AM) });
    const seen = { visibility: store.visibility.value, heading: store.heading.value };
    assert.equal(store.results.value, "here");
    assert.deepEqual(seen, { visibility: { shown: true }, heading: { label: "Sunday", date: "2026-11-29" } });
    const drawn = { visibility: 0, heading: 0 };
    const stop = effect(() => {
      store.visibility.value;
      drawn.visibility++;
    });
    const stopHeading = effect(() => {
      store.heading.value;
      drawn.heading++;
    });
    live.receive({ type: "snapshot", seq: 2, snapshot: match(["21", "17"], "2026-11-29T01:05:00.000Z") });
    assert.equal(store.feed.value?.snapshot?.facilities[0]?.matchesCsv.includes("21,17"), true);
    assert.equal(store.visibility.value, seen.visibility, "the same object");
    assert.equal(store.heading.value, seen.heading, "the same object");
    assert.deepEqual(drawn, { visibility: 1, heading: 1 }, "read once each, when the effects began");
    live.receive({
      type: "snapshot",
      seq: 3,
      snapshot: match(["21", "17"], "2026-11-29T01:06:00.000Z", false),
    });
    assert.deepEqual(store.visibility.value, { shown: false }, "the organisers took the day down");
    assert.deepEqual(drawn, { visibility: 2, heading: 1 });
    stop();
    stopHeading();
  });

  test("with the relay down the page reads the published file, every 30 s while in view; Retry reads now and reconnects", async () => {
    const { page, store } = await openPublic("?day=open-sun");
    page.site.file(PUBLISHED, match(["21", "17"], "2026-11-29T01:05:00.000Z"));
    const reads = () => page.site.calls("GET", PUBLISHED).length;
    assert.equal(reads(), 1, "read once on open");
    page.socket("/live/").drop();
    await settle();
    assert.equal(store.feed.value?.source, "published");
    assert.equal(reads(), 2);
    assert.equal(store.feed.value?.snapshot?.facilities[0]?.matchesCsv.includes("21,17"), true);
    await page.clock.advance(POLL_MS);
    assert.ok(reads() >= 3, "polled while in view");
    page.setVisible(false);
    const hidden = reads();
    await page.clock.advance(5 * POLL_MS);
    assert.equal(reads(), hidden, "no reads while out of view");
    const sockets = page.sockets.length;
    store.retry();
    await settle();
    assert.equal(reads(), hidden + 1);
    assert.ok(page.sockets.length > sockets, "Retry reopens the socket");
  });

  test("with live push off there is no socket, only the published file; a day never published says so", async () => {
    const { page, store } = await openPublic("?day=open-sun", { ...REGISTRY, livePush: false });
    assert.deepEqual(page.sockets, []);
    assert.equal(store.feed.value?.source, "push-off");
    assert.equal(store.feed.value?.unpublished, true);
  });

  test("the hall and the view are kept in the address without a new history entry", async () => {
    const { page, store } = await openPublic("?day=open-sun");
    store.choose({ facility: "Aguinaldo Court" });
    store.choose({ view: "standings" });
    assert.deepEqual(page.history, [
      "https://results.test/public/?day=open-sun&facility=Aguinaldo+Court&view=standings",
    ]);
    store.choose({ view: "matches" });
    assert.equal(page.history.at(-1), "https://results.test/public/?day=open-sun&facility=Aguinaldo+Court");
    const reopened = await openPublic("?day=open-sun&facility=Aguinaldo+Court&view=teams");
    assert.deepEqual(reopened.store.place.value, {
      day: "open-sun",
      facility: "Aguinaldo Court",
      view: "teams",
      player: undefined,
    });
    assert.equal((await openPublic("?day=open-sun&view=nonsense")).store.place.value.view, "matches");
  });

  test("settings or a list of events that cannot be read are said in words; a day not listed is told apart", async () => {
    const noList = fakePage({ href: "https://results.test/public/", now: SUNDAY_9AM });
    const missing = createPublicStore(noList.env);
    await missing.start();
    assert.equal(missing.failure.value, "The list of events could not be read. Try again in a moment.");
    const page = fakePage({ href: "https://results.test/public/", now: SUNDAY_9AM });
    page.setOnline(false);
    const offline = createPublicStore(page.env);
    await offline.start();
    assert.equal(
      offline.failure.value,
      "This page cannot find its settings (config.json). Reload the page in a moment.",
    );
    const gone = await openPublic("?day=open-fri");
    assert.equal(gone.store.failure.value, undefined);
    assert.equal(gone.store.dayEntry.value, undefined);
    assert.deepEqual(gone.page.sockets, [], "nothing to follow");
  });
});
