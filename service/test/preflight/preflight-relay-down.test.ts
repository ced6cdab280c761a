// Issue 37's row 8: with the relay down, each finding names the real cause (the relay does not
// answer), with the fix where the service runs: restart the stack on a laptop, the relay's
// deployment in production; nothing blames the pages, and everything passes once it is back. The
// diagnostics say it is down too. The relay sits behind switchable pass-throughs, as behind the
// local front.
import assert from "node:assert/strict";
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import { after, before, describe, test } from "node:test";
import { createRelayClient } from "../../src/adapters/relay-client/index.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { SYNC_SECRET, startTestApp, type TestApp } from "../support/app.ts";
import { only, type ProductionWorld, preflightOf, RELAY_SECRET, startProductionWorld } from "./harness.ts";

/** A TCP pass-through to `target` that can be taken down (refusing connections) and brought back on its port. */
async function switchable(target: string) {
  const { port: targetPort } = new URL(target);
  const open = new Set<Socket>();
  let server: Server;
  let port = 0;
  const start = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(targetPort), "127.0.0.1");
      for (const socket of [client, upstream]) {
        open.add(socket);
        socket.on("close", () => open.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    async down() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
    up: start,
  };
}

describe("the relay down, seen from the preflight and the diagnostics", () => {
  let world: ProductionWorld;
  let push: Awaited<ReturnType<typeof switchable>>;
  let front: Awaited<ReturnType<typeof switchable>>;
  const apps: TestApp[] = [];
  before(async () => {
    world = await startProductionWorld();
    world.seedWorkbooks();
    [push, front] = [await switchable(world.relay.url), await switchable(world.relay.url)];
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all([push.down(), front.down()]);
    await world.close();
  });

  const relayDown = async () => Promise.all([push.down(), front.down()]);
  const relayBack = async () => Promise.all([push.up(), front.up()]);

  test("on a laptop's stack: the relay at its address does not answer, restart the stack; the pages are not blamed; all passes once it is back", async () => {
    // The local stack: the data folder (startTestApp's), the service pushing to the relay, the pages through the front.
    const app = await startTestApp({
      env: { LIVE_PUSH_URL: push.url, LIVE_PUSH_SECRET: RELAY_SECRET, PAGES_URL: world.pagesUrl },
      // The client main.ts makes: it announces the days, so the relay opens sockets for them.
      liveRelay: createRelayClient({
        baseUrl: push.url,
        secret: RELAY_SECRET,
        pushTimeoutMs: 2_000,
        clock: systemClock,
        logger: { warn() {} },
      }),
    });
    apps.push(app);
    world.setPagesConfig({ apiUrl: app.url, liveUrl: front.url, dataUrl: "./" });
    assert.equal(only(await preflightOf(app), "pages-config").status, "pass", "a way to the relay");

    await relayDown();
    const report = await preflightOf(app);
    const health = only(report, "relay-health");
    assert.equal(health.status, "fail");
    assert.equal(health.detail, `the relay at ${push.url} does not answer: the connection was refused`);
    assert.match(
      health.fix ?? "",
      /^Restart the local stack: stop `npm start` \(Ctrl\+C\) and start it again/,
    );
    const pages = only(report, "pages-config");
    assert.equal(pages.status, "skip");
    assert.match(
      pages.detail,
      new RegExp(`could not be tried: the relay at ${push.url} does not answer \\(above\\)$`),
    );
    const text = JSON.stringify(report);
    assert.doesNotMatch(text, /publish-pages|wrangler deploy|deploy\/setup/, "no production fix on a laptop");

    const diagnostics = await app.client.request("GET", "/v3/diagnostics/sync", {
      headers: { "x-sync-secret": SYNC_SECRET },
    });
    assert.deepEqual(diagnostics.json().relay, {
      answers: false,
      problem: "the connection was refused",
      fix: health.fix,
    });

    await relayBack();
    const back = await preflightOf(app);
    for (const check of ["relay-health", "relay-secret", "relay-origin", "pages-config"])
      assert.equal(only(back, check).status, "pass", check);
    const answers = await app.client.request("GET", "/v3/diagnostics/sync", {
      headers: { "x-sync-secret": SYNC_SECRET },
    });
    assert.deepEqual(answers.json().relay, { answers: true });
  });

  test("in production: the fix is the relay's deployment", async () => {
    const app = await world.startService({ LIVE_PUSH_URL: push.url });
    apps.push(app);
    world.setPagesConfig({ apiUrl: app.url, liveUrl: push.url, dataUrl: "./" });
    await relayDown();
    try {
      const health = only(await preflightOf(app), "relay-health");
      assert.equal(health.status, "fail");
      assert.match(health.fix ?? "", /^Look at the relay's deployment on Cloudflare .* run deploy\/setup/);
      assert.doesNotMatch(health.fix ?? "", /npm start/);
    } finally {
      await relayBack();
    }
  });
});
