import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { standInRelay } from "../support/stand-in-relay.ts";
import { MODES, matchRows, type SyncEnv, standingsRows, startSyncEnv } from "./support.ts";

const A = "/v3/days/open-sat/facilities/Hall%20A/syncs";

for (const mode of MODES) {
  describe(`Live push (${mode})`, () => {
    let env: SyncEnv;
    const relay = standInRelay();
    let score = 0;
    const edit = () =>
      env.setFacility("open-hall-a", { CSV: matchRows("A", 2, ++score), STANDINGSCSV: standingsRows("A") });
    before(async () => {
      env = await startSyncEnv(mode, { liveRelay: relay });
      env.services.afterFacilitySync.length = 0;
      await env.setFacility("open-hall-b", { CSV: matchRows("B", 2), STANDINGSCSV: standingsRows("B") });
    });
    after(() => env.close());

    test("the snapshot is pushed at once, before the repository commit finishes", async () => {
      await edit();
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const write = env.repository.write;
      let pushesWhenWriting = -1;
      env.repository.write = async (...args) => {
        if (args[0].includes("/data/")) {
          pushesWhenWriting = relay.pushes.length;
          await gate;
        }
        return write(...args);
      };
      const pushesBefore = relay.pushes.length;
      const pending = env.client.request("POST", A, { headers: env.secret, body: {} });
      while (relay.pushes.length === pushesBefore) await new Promise((r) => setTimeout(r, 5));
      assert.ok(
        pushesWhenWriting === -1 || pushesWhenWriting === pushesBefore,
        "the write had not finished when the push went out",
      );
      release();
      const report = (await pending).json();
      env.repository.write = write;
      assert.deepEqual(report.live, { pushed: true, clients: 2 });
      assert.equal(report.repositoryOnly, undefined);
      assert.equal(report.archive.status, "committed");
      assert.equal(relay.pushes.at(-1)?.snapshot.generatedAt, report.snapshot.generatedAt);
    });

    test("a relay failure falls back to the repository alone and the report says so", async () => {
      await edit();
      relay.fail(true);
      const report = (await env.client.request("POST", A, { headers: env.secret, body: {} })).json();
      relay.fail(false);
      assert.deepEqual(report.live, { pushed: false, error: "relay unreachable" });
      assert.match(report.repositoryOnly, /relay failed/);
      assert.equal(report.archive.status, "committed");
    });

    test("livePush false in the registry publishes to the repository alone, syncs and visibility both", async () => {
      const operator = env.operator();
      await env.client.request("PUT", "/v3/settings/live-push", {
        headers: operator,
        body: { enabled: false },
      });
      const pushes = relay.pushes.length;
      await edit();
      const report = (await env.client.request("POST", A, { headers: env.secret, body: {} })).json();
      assert.deepEqual(report.live, { pushed: false });
      assert.match(report.repositoryOnly, /switched off/);
      const visibility = (
        await env.client.request("PUT", "/v3/days/open-sat/visibility", {
          headers: operator,
          body: { isLive: true },
        })
      ).json();
      assert.equal(visibility.live, undefined);
      assert.equal(relay.pushes.length, pushes);
      const on = (
        await env.client.request("PUT", "/v3/settings/live-push", {
          headers: operator,
          body: { enabled: true },
        })
      ).json();
      assert.deepEqual(on, { enabled: true, changed: true, available: true });
    });

    test("a visibility change pushes the republished snapshot with the new isLive", async () => {
      const res = await env.client.request("PUT", "/v3/days/open-sat/visibility", {
        headers: env.operator(),
        body: { isLive: false },
      });
      const body = res.json();
      assert.deepEqual(body.live, { pushed: true, clients: 2 });
      assert.equal(relay.pushes.at(-1)?.snapshot.isLive, false);
    });
  });
}
