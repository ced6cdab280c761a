import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { TestApp } from "../support/app.ts";
import {
  failures,
  only,
  type ProductionWorld,
  preflightOf,
  relayProxy,
  startProductionWorld,
} from "./harness.ts";

describe("GET /v3/diagnostics/preflight: the relay and the pages, over the production adapters", () => {
  let world: ProductionWorld;
  const apps: TestApp[] = [];

  before(async () => {
    world = await startProductionWorld();
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await world.close();
  });

  /** The service started with `env`, and the pages' config.json pointing at it and the relay. */
  async function service(env: Record<string, string> = {}, registry?: unknown) {
    const app = await world.startService(env, registry);
    apps.push(app);
    world.setPagesConfig({ apiUrl: app.url, liveUrl: world.relay.url, dataUrl: "./" });
    return app;
  }

  test("a wrong relay secret fails with the command that sets the right one", async () => {
    world.seedWorkbooks();
    const report = await preflightOf(await service({ LIVE_PUSH_SECRET: "not-the-relay-secret" }));
    const [finding] = failures(report);
    assert.equal(failures(report).length, 1);
    assert.equal(finding?.check, "relay-secret");
    assert.match(finding?.fix ?? "", /npx wrangler secret put LIVE_PUSH_SECRET/);
    assert.equal(only(report, "relay-health").status, "pass");
  });

  test("a relay that does not allow the pages' origin fails, naming the origin to add", async () => {
    world.seedWorkbooks();
    const other = await world.otherRelay({
      secret: "relay-secret-0123456789",
      allowedOrigins: ["https://elsewhere.example"],
    });
    const app = await service({ LIVE_PUSH_URL: other.url });
    world.setPagesConfig({ apiUrl: app.url, liveUrl: other.url, dataUrl: "./" });
    const report = await preflightOf(app);
    const [finding] = failures(report);
    assert.equal(failures(report).length, 1);
    assert.equal(finding?.check, "relay-origin");
    assert.equal(
      finding?.fix,
      `Add ${world.pagesUrl} to the relay's LIVE_ALLOWED_ORIGINS and deploy it again (deploy/setup sets it from the pages' address).`,
    );
  });

  test("pages whose config.json points at another service and relay fail, naming both", async () => {
    world.seedWorkbooks();
    const app = await service();
    world.setPagesConfig({
      apiUrl: "https://old-service.example",
      liveUrl: "wss://old-relay.example",
      dataUrl: "./",
    });
    const report = await preflightOf(app);
    const finding = only(report, "pages-config");
    assert.equal(finding.status, "fail");
    assert.match(
      finding.detail,
      /apiUrl is https:\/\/old-service\.example\/, not http:\/\/127\.0\.0\.1:\d+; liveUrl is wss:\/\/old-relay\.example\/, not http:\/\/127\.0\.0\.1:\d+ \(nor a way to it\)/,
    );
    assert.match(finding.fix ?? "", /npm run publish-pages/);
  });

  test("pages whose liveUrl is a proxy of the service's relay pass: a nudge pushed to one arrives through the other", async () => {
    world.seedWorkbooks();
    const app = await service();
    const proxy = await relayProxy(world.relay.url);
    try {
      world.setPagesConfig({ apiUrl: app.url, liveUrl: proxy.url, dataUrl: "./" });
      const report = await preflightOf(app);
      assert.equal(only(report, "pages-config").status, "pass");
      // Another relay behind the same kind of address is not the service's: its nudge never arrives.
      const other = await world.otherRelay({
        secret: "another-secret-0123456789",
        allowedOrigins: [world.pagesUrl],
      });
      world.setPagesConfig({ apiUrl: app.url, liveUrl: other.url, dataUrl: "./" });
      assert.equal(only(await preflightOf(app), "pages-config").status, "fail");
    } finally {
      await proxy.close();
    }
  });
});
