import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { REGISTRY_PATH } from "../../src/registry/store.ts";
import { MODES, matchRows, type SyncEnv, standingsRows, startSyncEnv } from "./support.ts";

const VISIBILITY = "/v3/days/open-sat/visibility";

for (const mode of MODES) {
  describe(`Visibility and the live-push switch (${mode})`, () => {
    let env: SyncEnv;
    before(async () => {
      env = await startSyncEnv(mode, { env: { SYNC_CONFIG_TTL_MS: "3600000" } });
      env.services.afterFacilitySync.length = 0;
      await env.setFacility("open-hall-a", { CSV: matchRows("A", 2, 21), STANDINGSCSV: standingsRows("A") });
      await env.setFacility("open-hall-b", { CSV: matchRows("B", 2), STANDINGSCSV: standingsRows("B") });
    });
    after(() => env.close());
    const call = (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = env.operator(),
    ) => env.client.request(method, path, { headers, body });

    test("GET visibility answers { day, label, isLive }; operator only", async () => {
      const res = await call("GET", VISIBILITY);
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), { day: "open-sat", label: "Saturday", isLive: "auto" });
      assert.equal((await call("GET", VISIBILITY, undefined, env.secret)).status, 401);
      assert.equal((await call("GET", "/v3/days/open-sun/visibility")).json().isLive, null);
      assert.equal((await call("GET", "/v3/days/nope/visibility")).status, 404);
    });

    test("a day never published is not republished", async () => {
      const res = await call("PUT", "/v3/days/open-sun/visibility", { isLive: true });
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), { day: "open-sun", label: "Sunday", isLive: true, republished: false });
    });

    test("PUT writes isLive to the registry (other content, key order and _comment kept) and republishes from the last snapshot without a workbook read", async () => {
      assert.equal((await call("POST", "/v3/days/open-sat/syncs", undefined, env.secret)).status, 200);
      const registryBefore = JSON.parse((await env.repository.read(REGISTRY_PATH))?.content ?? "{}");
      const reads = env.sheetsReads();
      const res = await call("PUT", VISIBILITY, { isLive: false });
      assert.equal(res.status, 200);
      const body = res.json();
      const stored = await env.repository.read("open-2026/data/open-sat.json");
      assert.deepEqual(body, {
        day: "open-sat",
        label: "Saturday",
        isLive: false,
        republished: true,
        archive: { path: "open-2026/data/open-sat.json", revision: stored?.revision },
      });
      assert.equal(env.sheetsReads(), reads);
      const snapshot = JSON.parse(stored?.content ?? "{}");
      assert.equal(snapshot.isLive, false);
      assert.deepEqual(
        snapshot.facilities.map((f: { status: string }) => f.status),
        ["ok", "ok", "skipped"],
      );
      const registryAfter = JSON.parse((await env.repository.read(REGISTRY_PATH))?.content ?? "{}");
      assert.equal(registryAfter._comment, "test registry");
      assert.deepEqual(Object.keys(registryAfter), Object.keys(registryBefore));
      registryBefore.events["open-2026"].days["open-sat"].isLive = false;
      assert.deepEqual(registryAfter, registryBefore);
    });

    test("this instance sees its own registry write at once (cache dropped), though the TTL is an hour", async () => {
      await call("PUT", VISIBILITY, { isLive: true });
      assert.equal((await call("GET", VISIBILITY)).json().isLive, true);
    });

    test("the frozen POST /sync/:day/live takes { isLive }; bad values are 400; the secret is refused", async () => {
      const res = await call("POST", "/sync/open-sat/live", { isLive: "auto" });
      assert.equal(res.status, 200);
      assert.equal(res.json().isLive, "auto");
      assert.equal(res.headers.link, "</v3/days/open-sat/visibility>; rel=successor-version");
      assert.equal((await call("PUT", VISIBILITY, { isLive: "yes" })).status, 400);
      assert.equal((await call("PUT", VISIBILITY)).status, 400);
      assert.equal((await call("POST", "/sync/open-sat/live", { isLive: true }, env.secret)).status, 401);
      assert.equal((await call("POST", "/sync/nope/live", { isLive: true })).status, 400);
    });

    test("live-push switch: GET { enabled, available }, PUT { enabled, changed, available }, written to livePush", async () => {
      assert.deepEqual((await call("GET", "/v3/settings/live-push")).json(), {
        enabled: true,
        available: false,
      });
      assert.deepEqual((await call("PUT", "/v3/settings/live-push", { enabled: false })).json(), {
        enabled: false,
        changed: true,
        available: false,
      });
      assert.deepEqual((await call("PUT", "/v3/settings/live-push", { enabled: false })).json(), {
        enabled: false,
        changed: false,
        available: false,
      });
      assert.equal(JSON.parse((await env.repository.read(REGISTRY_PATH))?.content ?? "{}").livePush, false);
      assert.deepEqual((await call("GET", "/v3/settings/live-push")).json(), {
        enabled: false,
        available: false,
      });
      const frozen = await call("POST", "/sync/live-push", { enabled: true });
      assert.deepEqual(frozen.json(), { enabled: true, changed: true, available: false });
      assert.equal(frozen.headers.link, "</v3/settings/live-push>; rel=successor-version");
      assert.equal((await call("PUT", "/v3/settings/live-push", { enabled: "no" })).status, 400);
      assert.equal((await call("PUT", "/v3/settings/live-push", { enabled: true }, env.secret)).status, 401);
      assert.equal((await call("POST", "/sync/live-push", { enabled: true }, env.secret)).status, 401);
    });
  });
}
