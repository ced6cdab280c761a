import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { request as http1Request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import type { DataRepository } from "../../src/ports/data-repository.ts";
import { APP_VERSION } from "../../src/shared/version.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
let registryReads = 0;
describe("the listener", () => {
  before(async () => {
    const folder = createDataFolder(mkdtempSync(join(tmpdir(), "tops-ping-")));
    const counting: DataRepository = {
      read: (path) => {
        registryReads++;
        return folder.read(path);
      },
      write: folder.write,
    };
    t = await startTestApp({ repository: counting });
    registryReads = 0;
  });
  after(() => t.close());

  test("a plain HTTP/1.1 client cannot connect", async () => {
    const outcome = await new Promise<string>((resolve) => {
      const req = http1Request(`${t.url}/ping`, (res) => resolve(`answered ${res.statusCode}`));
      req.on("error", (error) => resolve(`refused: ${error.message}`));
      req.setTimeout(5000, () => {
        req.destroy();
        resolve("refused: timeout");
      });
      req.end();
    });
    assert.match(outcome, /^refused/);
  });

  test("GET /ping answers over h2c with X-App-Version and X-Sync-Config, and never fetches the registry", async () => {
    const res = await t.client.request("GET", "/ping");
    assert.equal(res.status, 200);
    assert.equal(res.headers["x-app-version"], APP_VERSION);
    assert.equal(res.headers["x-sync-config"], "none");
    assert.deepEqual(res.json(), { status: "ok", version: APP_VERSION });
    assert.equal(registryReads, 0);
    await t.client.request("GET", "/v3/diagnostics/sync", {
      headers: { "x-sync-secret": "sync-secret-for-tests" },
    });
    const again = await t.client.request("GET", "/ping");
    assert.match(String(again.headers["x-sync-config"]), /^[0-9a-f]{7} repository$/);
    assert.equal(registryReads, 1);
  });

  test("HEAD is answered on GET routes", async () => {
    const res = await t.client.request("HEAD", "/ping");
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 0);
  });

  test("CORS allows PUT, PATCH and DELETE", async () => {
    const res = await t.client.request("OPTIONS", "/v3/settings/live-push", {
      headers: { origin: "https://scores.example.org", "access-control-request-method": "PUT" },
    });
    assert.equal(res.status, 204);
    const methods = String(res.headers["access-control-allow-methods"]);
    for (const method of ["PUT", "PATCH", "DELETE"]) assert.ok(methods.includes(method), methods);
  });
});
