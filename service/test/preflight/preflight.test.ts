import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SYNC_SECRET } from "../support/app.ts";
import {
  editEveryWorkbook,
  FULL_TABS,
  failures,
  findings,
  only,
  preflightOf,
  productionRegistry,
  productionSuite,
  READ_ONLY_TOKEN,
  SERVICE_ACCOUNT,
} from "./harness.ts";

describe("GET /v3/diagnostics/preflight over the production adapters", () => {
  const suite = productionSuite();
  const service = (env?: Record<string, string>, registry?: unknown) => suite.service(env, registry);

  test("a right setup passes every check, and each finding says what it found", async () => {
    suite.world.seedWorkbooks();
    suite.world.github.setTokenExpiration("2027-06-30 00:00:00 UTC");
    const app = await service();
    await editEveryWorkbook(app);
    const report = await preflightOf(app);
    assert.deepEqual(failures(report), []);
    assert.equal(report.ok, true);
    assert.equal(report.ready, true, "every check passed");
    assert.deepEqual(
      [...new Set(report.checks.map((c) => c.check))],
      [
        "service-settings",
        "repository",
        "registry",
        "token-expiry",
        "sheets-credentials",
        "workbook-access",
        "workbook-tabs",
        "workbook-trigger",
        "relay-health",
        "relay-secret",
        "relay-origin",
        "pages-config",
      ],
    );
    assert.ok(report.checks.every((c) => c.status === "pass" && c.fix === undefined && c.detail !== ""));
    // The archived event's workbook is not asked about; each coming workbook once for access, once for tabs.
    assert.deepEqual(
      findings(report, "workbook-access").map((c) => c.subject),
      ["Rizal Hall (open-sat): workbook wb-rizal", "Araneta (open-sat): workbook wb-araneta"],
    );
    assert.match(only(report, "token-expiry").detail, /2027-06-30 08:00/);
    suite.world.github.setTokenExpiration(undefined);
  });

  test("the secret or an operator token is needed; the answer is declared in /openapi.json", async () => {
    const app = await service();
    assert.equal((await app.client.request("GET", "/v3/diagnostics/preflight")).status, 401);
    const operator = await app.client.request("GET", "/v3/diagnostics/preflight", {
      headers: { authorization: `Bearer ${app.operatorToken()}` },
    });
    assert.equal(operator.status, 200);
    const spec = (await app.client.request("GET", "/openapi.json")).json();
    assert.equal(spec.paths["/v3/diagnostics/preflight"].get.operationId, "getPreflight");
  });

  test("an unshared workbook fails, naming the account to share it with as Editor", async () => {
    // Not shared with the service account, and not link-shared either: nothing can read it.
    suite.world.seedWorkbooks({ "wb-araneta": { access: { token: false, key: false } } });
    const report = await preflightOf(await service());
    assert.equal(report.ok, false);
    assert.equal(report.ready, false);
    const [finding] = failures(report);
    assert.equal(failures(report).length, 1);
    assert.equal(finding?.check, "workbook-access");
    assert.equal(finding?.subject, "Araneta (open-sat): workbook wb-araneta");
    assert.equal(
      finding?.fix,
      `Share the workbook with ${SERVICE_ACCOUNT} as Editor (never "anyone with the link").`,
    );
  });

  test("a workbook readable only through its link, or shared as Viewer, fails: marks and scores cannot be written", async () => {
    suite.world.seedWorkbooks({
      "wb-rizal": { access: { token: false, key: true } },
      "wb-araneta": { access: { role: "reader" } },
    });
    const report = await preflightOf(await service({ SHEETS_API_KEY: "read-key" }));
    const access = findings(report, "workbook-access");
    assert.deepEqual(
      access.map((c) => [c.status, c.detail]),
      [
        ["fail", `not shared with ${SERVICE_ACCOUNT}: it is read only through its link and the API key`],
        [
          "fail",
          `shared with ${SERVICE_ACCOUNT} as Viewer or Commenter, so attendance marks and scores cannot be written`,
        ],
      ],
    );
    assert.ok(access.every((c) => c.fix?.startsWith(`Share the workbook with ${SERVICE_ACCOUNT} as Editor`)));
  });

  test("a missing tab fails, naming the tab and where the registry names tabs", async () => {
    const { SCHEDULE: _schedule, ...noSchedule } = FULL_TABS;
    suite.world.seedWorkbooks({ "wb-rizal": { tabs: noSchedule } });
    const report = await preflightOf(await service());
    const [finding] = failures(report);
    assert.equal(failures(report).length, 1);
    assert.equal(finding?.check, "workbook-tabs");
    assert.equal(finding?.detail, 'has no tab "SCHEDULE" (its tabs: CSV, STANDINGSCSV)');
    assert.match(finding?.fix ?? "", /^Add the missing tabs from the workbook template/);
  });

  test("a bad repository token fails the repository check; the registry then cannot be read and workbooks are skipped", async () => {
    suite.world.seedWorkbooks();
    const report = await preflightOf(await service({ DATA_REPO_TOKEN: "revoked-token" }));
    const repository = only(report, "repository");
    assert.equal(repository.status, "fail");
    assert.equal(
      repository.detail,
      "GitHub refused the token (bad credentials: revoked, expired or mistyped)",
    );
    assert.match(repository.fix ?? "", /^Make a new fine-grained token with Contents: Read and write/);
    assert.equal(only(report, "registry").status, "fail");
    assert.equal(only(report, "workbook-access").status, "skip");
  });

  test("a token that may read but not write fails, and nothing was committed by the check", async () => {
    suite.world.seedWorkbooks();
    const app = await service({ DATA_REPO_TOKEN: READ_ONLY_TOKEN });
    const before = suite.world.github.file("config/events.json")?.toString();
    const report = await preflightOf(app);
    const repository = only(report, "repository");
    assert.equal(repository.status, "fail");
    assert.match(repository.detail, /may read the repository but not write/);
    assert.equal(suite.world.github.file("config/events.json")?.toString(), before);
  });

  test("a token that expires before the last coming day fails; the write check commits nothing", async () => {
    suite.world.seedWorkbooks();
    suite.world.github.setTokenExpiration("2026-11-27 12:00:00 UTC");
    const app = await service();
    const commits = suite.world.github.requests.filter((r) => r.method === "PUT").length;
    const before = suite.world.github.file("config/events.json")?.toString();
    const report = await preflightOf(app);
    suite.world.github.setTokenExpiration(undefined);
    const expiry = only(report, "token-expiry");
    assert.equal(expiry.status, "fail");
    assert.equal(
      expiry.detail,
      "the token expires on 2026-11-27 20:00 (Manila), before the end of open-sat (2026-11-28)",
    );
    assert.equal(only(report, "repository").status, "pass");
    assert.equal(suite.world.github.requests.filter((r) => r.method === "PUT").length, commits + 1);
    assert.equal(suite.world.github.file("config/events.json")?.toString(), before);
  });

  test("a registry that does not validate fails with its problems and the command that lists them", async () => {
    suite.world.seedWorkbooks();
    const registry = productionRegistryWith((r) => {
      r.events["city-open"].days["open-sat"].isLive = "yes";
    });
    const report = await preflightOf(await service({}, registry));
    const finding = only(report, "registry");
    assert.equal(finding.status, "fail");
    assert.match(
      finding.detail,
      /1 problem, so the service keeps the last good one: \$\.events\.city-open\.days\.open-sat\.isLive/,
    );
    assert.match(finding.fix ?? "", /npm run validate-registry -- config\/events\.json lists every problem/);
  });

  test("the sync secret reads the preflight but the report carries no secret", async () => {
    suite.world.seedWorkbooks();
    const report = await preflightOf(await service());
    const text = JSON.stringify(report);
    for (const secret of [SYNC_SECRET, "relay-secret-0123456789", "repo-token", "sa-token"])
      assert.ok(!text.includes(secret), secret);
  });
});

function productionRegistryWith(change: (registry: any) => void) {
  const registry = productionRegistry() as any;
  change(registry);
  return registry;
}
