// Issue 39's table: each setup the preflight once called ready, over the production adapters
// against the in-repo fakes, asked as `npm run preflight` asks it (its command, in this process).
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { freePort } from "../../scripts/start/free-port.mjs";
import { serviceAccountKey } from "../../service/test/fakes/oauth-token-fake.ts";
import {
  editEveryWorkbook,
  productionRegistry,
  productionSuite,
  SERVICE_ACCOUNT,
  triggerCall,
} from "../../service/test/preflight/harness.ts";
import { SYNC_SECRET, type TestApp } from "../../service/test/support/app.ts";
import { preflightCommand } from "../src/preflight/command.ts";

/** `npm run preflight -- --service <app>` with the sync secret: its exit status and what it printed. */
async function preflight(app: TestApp) {
  let out = "";
  const code = await preflightCommand({
    args: ["--service", app.url],
    env: { SYNC_SHARED_SECRET: SYNC_SECRET },
    out: (text) => {
      out += text;
    },
    err: (text) => {
      out += text;
    },
    deployedFile: "/nonexistent/deployed.json",
  });
  return { code, out };
}

/**
 * A finding as printed: its label, kind and subject on one line, its detail and fix on the next
 * two; the first such, or the first whose detail matches `detail`.
 */
function printed(
  out: string,
  label: "FAIL" | "LOOK" | "SKIP" | "ok  ",
  check: string,
  subject: string,
  detail?: RegExp,
) {
  const lines = out.split("\n");
  const at = lines.findIndex(
    (line, i) => line === `  ${label}  ${check}  ${subject}` && (!detail || detail.test(lines[i + 1] ?? "")),
  );
  assert.ok(at >= 0, `no "${label} ${check} ${subject}" ${detail ?? ""} in:\n${out}`);
  const fix = lines[at + 2]?.startsWith("        Fix: ") ? lines[at + 2]?.slice(13) : undefined;
  return { detail: lines[at + 1]?.trim() ?? "", fix };
}

const registryWith = (change: (registry: ReturnType<typeof productionRegistry>) => void) => {
  const registry = productionRegistry();
  change(registry);
  return registry;
};

describe("npm run preflight: never ready when the first sync would fail", () => {
  const suite = productionSuite();

  test("a right setup, every trigger heard, is the only one that exits 0", async () => {
    suite.world.seedWorkbooks();
    const app = await suite.service();
    await editEveryWorkbook(app);
    const { code, out } = await preflight(app);
    assert.equal(code, 0, out);
    assert.match(out, /Every check passes: ready for the day\.\n$/);
  });

  test("no credentials, a missing key file, a key file that is no JSON, a key Google refuses: each fails with its cause and the fix, the workbooks not checked", async () => {
    suite.world.seedWorkbooks();
    const dir = await mkdtemp(join(tmpdir(), "tops-keys-"));
    // Loopback only: no metadata server (a closed port) and no gcloud credentials of this machine.
    const saved = { host: process.env.GCE_METADATA_HOST, sdk: process.env.CLOUDSDK_CONFIG };
    process.env.GCE_METADATA_HOST = `127.0.0.1:${await freePort(0)}`;
    process.env.CLOUDSDK_CONFIG = dir;
    try {
      const known = serviceAccountKey(SERVICE_ACCOUNT);
      suite.world.sheets.knowKey(SERVICE_ACCOUNT, known.publicKey, "token-of-the-known-key");
      const files = {
        known: JSON.stringify(known.file),
        madeUp: JSON.stringify(serviceAccountKey(SERVICE_ACCOUNT).file),
        cut: JSON.stringify(known.file).slice(0, 80),
      };
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, `${name}.json`), text);
      const withKey = (file: string | undefined) =>
        suite.service({
          SHEETS_ACCESS_TOKEN: "",
          GOOGLE_APPLICATION_CREDENTIALS: file === undefined ? "" : join(dir, file),
          GOOGLE_OAUTH_TOKEN_URL: `${suite.world.sheets.url}/token`,
        });

      const none = await preflight(await withKey(undefined));
      assert.equal(none.code, 1);
      const nothing = printed(none.out, "FAIL", "sheets-credentials", "the service account's credentials");
      assert.match(
        nothing.detail,
        /^the service has no spreadsheet credentials: no key file is named and the service does not run on Google Cloud/,
      );
      assert.match(
        nothing.fix ?? "",
        /^Run the service on Cloud Run as its service account \(deploy\/setup does\), or set GOOGLE_APPLICATION_CREDENTIALS/,
      );
      assert.doesNotMatch(none.out, /quota/i, "the fix is the credentials', not the Sheets quota's");
      assert.equal(
        printed(none.out, "SKIP", "workbook-access", "workbooks").detail,
        "not checked: the service account's credentials do not work (above)",
      );

      const missing = await preflight(await withKey("gone.json"));
      assert.equal(missing.code, 1);
      const gone = printed(
        missing.out,
        "FAIL",
        "sheets-credentials",
        `GOOGLE_APPLICATION_CREDENTIALS=${join(dir, "gone.json")}`,
      );
      assert.equal(gone.detail, "the key file cannot be used: there is no such file");
      assert.match(gone.fix ?? "", /^Put the service account's JSON key at that path/);

      const cut = await preflight(await withKey("cut.json"));
      assert.equal(cut.code, 1);
      const broken = printed(
        cut.out,
        "FAIL",
        "sheets-credentials",
        `GOOGLE_APPLICATION_CREDENTIALS=${join(dir, "cut.json")}`,
      );
      assert.match(broken.detail, /^the key file cannot be used: it is not JSON/);
      assert.match(broken.fix ?? "", /^Make a new JSON key for the service account/);

      const madeUp = await preflight(await withKey("madeUp.json"));
      assert.equal(madeUp.code, 1);
      const refused = printed(madeUp.out, "FAIL", "sheets-credentials", "the service account's credentials");
      assert.match(
        refused.detail,
        /^Google refused the service account's key \(invalid_grant: Invalid JWT Signature\.\)/,
      );
      assert.match(refused.fix ?? "", /^Make a new JSON key for the service account/);

      // The key Google holds earns a token, and the workbooks are checked with it.
      const right = await preflight(await withKey("known.json"));
      const working = printed(right.out, "ok  ", "sheets-credentials", "the service account's credentials");
      assert.equal(working.detail, `the service gets a token as ${SERVICE_ACCOUNT} (from its key file)`);
      printed(right.out, "ok  ", "workbook-access", "Rizal Hall (open-sat): workbook wb-rizal");
    } finally {
      for (const [name, value] of [
        ["GCE_METADATA_HOST", saved.host],
        ["CLOUDSDK_CONFIG", saved.sdk],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("AUTH_PASSWORD_HASH or AUTH_TOKEN_SECRET unset fails: nobody can sign in to the console", async () => {
    suite.world.seedWorkbooks();
    for (const [variable, sentence] of [
      ["AUTH_PASSWORD_HASH", "nobody can sign in to the console: AUTH_PASSWORD_HASH is not set"],
      [
        "AUTH_TOKEN_SECRET",
        "nobody can sign in to the console: AUTH_TOKEN_SECRET is not set, and no desk or scorer link can be issued",
      ],
    ]) {
      const { code, out } = await preflight(await suite.service({ [variable as string]: "" }));
      assert.equal(code, 1, out);
      const finding = printed(out, "FAIL", "service-settings", "the service's environment");
      assert.equal(finding.detail, sentence);
      assert.match(
        finding.fix ?? "",
        /^Run deploy\/setup: it makes the auth-password-hash and auth-token-secret secrets/,
      );
    }
  });

  test("LIVE_PUSH_URL, LIVE_PUSH_SECRET or PAGES_URL unset fails in production; live push off on purpose is one line", async () => {
    suite.world.seedWorkbooks();
    for (const variable of ["LIVE_PUSH_URL", "LIVE_PUSH_SECRET"]) {
      const { code, out } = await preflight(await suite.service({ [variable]: "" }));
      assert.equal(code, 1, out);
      const finding = printed(out, "FAIL", "service-settings", "the service's environment");
      assert.match(
        finding.detail,
        new RegExp(
          `^live push is off: ${variable} is not set, so the pages read the published file every 30 s`,
        ),
      );
      assert.match(
        finding.fix ?? "",
        /deploys the relay and sets LIVE_PUSH_URL and LIVE_PUSH_SECRET; or, to run without it on purpose, set "livePush": false in the registry/,
      );
      assert.doesNotMatch(out, /relay-health|Nothing fails/);
    }
    const pages = await preflight(await suite.service({ PAGES_URL: "" }));
    assert.equal(pages.code, 1, pages.out);
    const unset = printed(pages.out, "FAIL", "service-settings", "the service's environment");
    assert.match(unset.detail, /^PAGES_URL is not set: the scoresheets print no QR code/);
    assert.match(unset.fix ?? "", /^Run deploy\/setup: it sets PAGES_URL/);

    const onPurpose = registryWith((registry) => Object.assign(registry, { livePush: false }));
    const off = await preflight(await suite.service({ LIVE_PUSH_URL: "" }, onPurpose));
    const line = printed(off.out, "ok  ", "service-settings", "the service's environment", /live push/);
    assert.equal(
      line.detail,
      'live push is off on purpose ("livePush": false in the registry): the pages read the published file every 30 s',
    );
    assert.doesNotMatch(off.out, /live push is off:|relay-(health|secret|origin)/);
  });

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
    assert.match(
      printed(refused.out, "FAIL", "registry", "config/events.json").detail,
      /^the registry could not be read/,
    );
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
    assert.match(
      printed(failing.out, "LOOK", "repository", "acme/tournament-data@main").detail,
      /: GitHub answered HTTP 502$/,
    );
  });

  test("a service with no SYNC_SHARED_SECRET: the command says the service has none, and where to set it", async () => {
    suite.world.seedWorkbooks();
    const { code, out } = await preflight(await suite.service({ SYNC_SHARED_SECRET: "" }));
    assert.equal(code, 1, out);
    const finding = printed(out, "FAIL", "service-settings", "the service's environment");
    assert.match(finding.detail, /^the service has no sync secret set \(SYNC_SHARED_SECRET\)/);
    assert.match(
      finding.fix ?? "",
      /^Run deploy\/setup: it makes the sync-shared-secret secret and gives it to the service/,
    );
    assert.doesNotMatch(out, /refused the sync secret/);
  });

  test("each workbook's edit trigger: when it last reached the service, and what it sent that does not match", async () => {
    suite.world.seedWorkbooks();
    const app = await suite.service();
    const rizal = "Rizal Hall (open-sat): workbook wb-rizal";
    const araneta = "Araneta (open-sat): workbook wb-araneta";
    const never = printed((await preflight(app)).out, "SKIP", "workbook-trigger", rizal);
    assert.match(
      never.detail,
      /^no edit trigger of this workbook has reached this instance of the service since 2026-11-21 10:00 \(Manila\)/,
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
