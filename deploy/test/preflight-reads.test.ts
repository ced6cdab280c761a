// Issue 39's table, what the service reads: a coming hall without a workbook, no day ahead,
// GitHub out of reach, and the workbooks' edit triggers, over the production adapters against the
// in-repo fakes, each asked by `npm run preflight` itself in a process of its own, its exit status
// asserted (support/preflight-run.ts).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { freePort } from "../../scripts/start/free-port.mjs";
import { productionSuite, triggerCall } from "../../service/test/preflight/harness.ts";
import { preflight, printed, registryWith } from "./support/preflight-run.ts";

describe("npm run preflight: never ready when the first sync would fail (the registry, GitHub, the triggers)", () => {
  const suite = productionSuite();

  test("a coming day's hall without a workbook, and a registry with only past days, are looked at: not ready", async () => {
    suite.world.seedWorkbooks();
    const hallless = registryWith((registry) => {
      registry.events["city-open"].days["open-sat"].facilities[1] = { name: "Araneta", sheetId: "" };
    });
    const noSheet = await preflight(await suite.service({}, hallless));
    assert.equal(noSheet.code, 1, noSheet.out);
    const hall = printed(noSheet.out, "LOOK", "registry", "Araneta (open-sat)");
    assert.equal(
      hall.detail,
      "Araneta has no workbook (its sheetId is empty), so every sync of open-sat skips it and its matches are not published",
    );
    assert.match(
      hall.fix ?? "",
      /^Put the hall's workbook id in the registry's sheetId for Araneta on open-sat/,
    );

    const past = registryWith((registry) => {
      registry.events["city-open"].days["open-sat"].date = "2026-11-14";
    });
    const over = await preflight(await suite.service({}, past));
    assert.equal(over.code, 1, over.out);
    const none = printed(over.out, "LOOK", "registry", "config/events.json");
    assert.match(none.detail, /^no day today or ahead/);
    assert.match(none.fix ?? "", /^Add the coming tournament's events and days/);
    assert.doesNotMatch(over.out, /ready for the day/);
  });
  test("GitHub unreachable: the cause is named, and the workbooks say they were not checked because the registry could not be read", async () => {
    suite.world.seedWorkbooks();
    const closed = await freePort(0);
    const refused = await preflight(await suite.service({ GITHUB_API_URL: `http://127.0.0.1:${closed}` }));
    assert.equal(refused.code, 1, refused.out);
    const repository = printed(refused.out, "LOOK", "repository", "acme/tournament-data@main");
    assert.equal(repository.detail, "the data repository could not be reached: the connection was refused");
    assert.match(repository.fix ?? "", /githubstatus\.com/);
    const unread = printed(refused.out, "FAIL", "registry", "config/events.json");
    assert.match(unread.detail, /^the registry could not be read/);
    assert.equal(unread.fix, "Fix the data repository's access first (the repository check says how).");
    assert.equal(
      printed(refused.out, "SKIP", "workbook-access", "workbooks").detail,
      "not checked: the registry could not be read (above)",
    );

    const app = await suite.service();
    await app.services.registry.get();
    // The access probe's read, then the registry check's.
    suite.world.github.failNext({ status: 502, path: "/contents/config%2Fevents.json", times: 2 });
    const failing = await preflight(app);
    assert.equal(failing.code, 1, failing.out);
    const answered = printed(failing.out, "LOOK", "repository", "acme/tournament-data@main");
    assert.match(answered.detail, /: GitHub answered HTTP 502$/);
    assert.match(answered.fix ?? "", /githubstatus\.com/);
  });
  test("each workbook's edit trigger: when it last reached the service, and what it sent that does not match", async () => {
    suite.world.seedWorkbooks();
    const app = await suite.service();
    const rizal = "Rizal Hall (open-sat): workbook wb-rizal";
    const araneta = "Araneta (open-sat): workbook wb-araneta";
    const unheard = await preflight(app);
    assert.equal(unheard.code, 1, "a trigger not heard yet is not ready");
    const never = printed(unheard.out, "SKIP", "workbook-trigger", rizal);
    assert.match(
      never.detail,
      /^no edit trigger of this workbook has reached this instance of the service since 2026-11-21 10:00 \(Manila\): edit a cell of the workbook to try it$/,
    );

    assert.equal(
      await triggerCall(app, {
        day: "open-sat",
        facility: "Rizal Hall",
        workbookId: "wb-rizal",
        secret: "old-secret",
      }),
      401,
    );
    assert.equal(
      await triggerCall(app, { day: "open-sat", facility: "Araneta Coliseum", workbookId: "wb-araneta" }),
      404,
    );
    const first = await preflight(app);
    assert.equal(first.code, 1, first.out);
    const secret = printed(first.out, "FAIL", "workbook-trigger", rizal);
    assert.match(
      secret.detail,
      /^its edit trigger was refused or misdirected at 2026-11-21 10:00 \(Manila\): it sent a SYNC_SECRET this service does not accept$/,
    );
    assert.match(
      secret.fix ?? "",
      /Script properties \(clients\/apps-script\/README\.md\): set SYNC_SECRET to the service's sync secret/,
    );
    const facility = printed(first.out, "FAIL", "workbook-trigger", araneta);
    assert.equal(
      facility.detail,
      'its edit trigger was refused or misdirected at 2026-11-21 10:00 (Manila): it sent FACILITY "Araneta Coliseum", which is no facility of open-sat (Rizal Hall, Araneta)',
    );
    assert.match(
      facility.fix ?? "",
      /: set DAY to open-sat and FACILITY to Araneta, exactly as in the registry\.$/,
    );

    // Rizal's trigger now sends Araneta's properties; an old Code.js (no workbook id) a mistyped day.
    assert.equal(
      await triggerCall(app, { day: "open-sat", facility: "Araneta", workbookId: "wb-rizal" }),
      200,
    );
    assert.equal(await triggerCall(app, { day: "open-sta", facility: "Araneta" }), 404);
    assert.equal(
      await triggerCall(app, { day: "open-sat", facility: "Araneta", workbookId: "wb-araneta" }),
      200,
    );
    const second = await preflight(app);
    assert.equal(second.code, 1, second.out);
    assert.match(
      printed(second.out, "FAIL", "workbook-trigger", rizal).detail,
      /it sent DAY "open-sat" and FACILITY "Araneta", another workbook's \(wb-araneta\), so its edits sync that hall$/,
    );
    assert.match(
      printed(second.out, "ok  ", "workbook-trigger", araneta).detail,
      /^its edit trigger last synced Araneta \(open-sat\) at 2026-11-21 10:00 \(Manila\)$/,
    );
    assert.match(
      printed(second.out, "FAIL", "workbook-trigger", "edit triggers of no coming workbook").detail,
      /DAY "open-sta", FACILITY "Araneta" at 2026-11-21 10:00 \(Manila\): it sent DAY "open-sta", which is no day of the registry$/,
    );
  });
});
