import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { failures, only, preflightOf, productionSuite, relayProxy } from "./harness.ts";

describe("GET /v3/diagnostics/preflight: the relay and the pages, over the production adapters", () => {
  const suite = productionSuite();
  const service = (env?: Record<string, string>, registry?: unknown) => suite.service(env, registry);

  test("a wrong relay secret fails with the command that sets the right one", async () => {
    suite.world.seedWorkbooks();
    const report = await preflightOf(await service({ LIVE_PUSH_SECRET: "not-the-relay-secret" }));
    const [finding] = failures(report);
    assert.equal(failures(report).length, 1);
    assert.equal(finding?.check, "relay-secret");
    assert.match(finding?.fix ?? "", /npx wrangler secret put LIVE_PUSH_SECRET/);
    assert.equal(only(report, "relay-health").status, "pass");
  });

  test("a relay that does not allow the pages' origin fails, naming the origin to add", async () => {
    suite.world.seedWorkbooks();
    const other = await suite.world.otherRelay({
      secret: "relay-secret-0123456789",
      allowedOrigins: ["https://elsewhere.example"],
    });
    const app = await service({ LIVE_PUSH_URL: other.url });
    suite.world.setPagesConfig({ apiUrl: app.url, liveUrl: other.url, dataUrl: "./" });
    const report = await preflightOf(app);
    const [finding] = failures(report);
    assert.equal(failures(report).length, 1);
    assert.equal(finding?.check, "relay-origin");
    assert.equal(
      finding?.fix,
      `Add ${suite.world.pagesUrl} to the relay's LIVE_ALLOWED_ORIGINS: run deploy/setup, which sets them from pagesUrl and extraOrigins (docs/deployment.md, section 10).`,
    );
  });

  test("pages whose config.json points at another service and relay fail, naming both", async () => {
    suite.world.seedWorkbooks();
    const app = await service();
    suite.world.setPagesConfig({
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
    suite.world.seedWorkbooks();
    const app = await service();
    const proxy = await relayProxy(suite.world.relay.url);
    try {
      suite.world.setPagesConfig({ apiUrl: app.url, liveUrl: proxy.url, dataUrl: "./" });
      const report = await preflightOf(app);
      assert.equal(only(report, "pages-config").status, "pass");
      // Another relay behind the same kind of address is not the service's: its nudge never arrives.
      const other = await suite.world.otherRelay({
        secret: "another-secret-0123456789",
        allowedOrigins: [suite.world.pagesUrl],
      });
      suite.world.setPagesConfig({ apiUrl: app.url, liveUrl: other.url, dataUrl: "./" });
      assert.equal(only(await preflightOf(app), "pages-config").status, "fail");
    } finally {
      await proxy.close();
    }
  });
});
