import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { sampleRegistry } from "../../../test/support/registry-fixture.ts";
import type { LiveRelay } from "../../ports/live-relay.ts";
import type { Registry } from "../../registry/types.ts";
import { manualClock } from "../../shared/clock.ts";
import { ANNOUNCE_COOLDOWN_MS, createDayAnnouncer } from "./day-announcer.ts";

function relayThat(fail: () => boolean) {
  const lists: string[][] = [];
  const relay = {
    baseUrl: "http://relay.test",
    async announceDays(days: Array<{ event: string; day: string }>) {
      if (fail()) throw new Error("relay down");
      lists.push(days.map(({ event, day }) => `${event}/${day}`));
    },
  } as unknown as LiveRelay;
  return { relay, lists };
}

describe("the day announcer", () => {
  test("announces the registry's days once, and again only when they change", async () => {
    const { relay, lists } = relayThat(() => false);
    const warnings: string[] = [];
    const announcer = createDayAnnouncer({
      liveRelay: relay,
      clock: manualClock("2026-03-01T08:00:00Z"),
      logger: { warn: (_o, msg) => warnings.push(msg) },
    });
    const registry = sampleRegistry() as Registry;
    announcer.registryLoaded(registry);
    await announcer.settled();
    announcer.registryLoaded(registry);
    await announcer.settled();
    assert.equal(lists.length, 1);
    assert.ok(lists[0]?.includes("open-2026/open-sat"), lists[0]?.join(" "));
    const changed = structuredClone(registry);
    const event = changed.events["open-2026"];
    assert.ok(event);
    event.days["open-mon"] = structuredClone(event.days["open-sat"]!);
    announcer.registryLoaded(changed);
    await announcer.settled();
    assert.equal(lists.length, 2);
    assert.ok(lists[1]?.includes("open-2026/open-mon"));
    assert.deepEqual(warnings, []);
  });

  test("a failure is logged, never thrown, and retried at a load after the cool-down", async () => {
    let down = true;
    const { relay, lists } = relayThat(() => down);
    const clock = manualClock("2026-03-01T08:00:00Z");
    const warnings: string[] = [];
    const announcer = createDayAnnouncer({
      liveRelay: relay,
      clock,
      logger: { warn: (_o, msg) => warnings.push(msg) },
    });
    const registry = sampleRegistry() as Registry;
    announcer.registryLoaded(registry);
    await announcer.settled();
    assert.equal(warnings.length, 1);
    down = false;
    announcer.registryLoaded(registry);
    await announcer.settled();
    assert.equal(lists.length, 0, "quiet during the cool-down");
    clock.advance(ANNOUNCE_COOLDOWN_MS);
    announcer.registryLoaded(registry);
    await announcer.settled();
    assert.equal(lists.length, 1);
  });

  test("without a relay it does nothing", async () => {
    const announcer = createDayAnnouncer({
      clock: manualClock("2026-03-01T08:00:00Z"),
      logger: { warn: () => assert.fail("warned") },
    });
    announcer.registryLoaded(sampleRegistry() as Registry);
    await announcer.settled();
  });
});
