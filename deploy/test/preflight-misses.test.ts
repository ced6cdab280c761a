// Issue 39's table, the service's own side: each setup the preflight once called ready (no
// spreadsheet credentials or a broken key, no sign-in secrets, no relay or pages address, no sync
// secret), over the production adapters against the in-repo fakes, each asked by `npm run
// preflight` itself in a process of its own, its exit status asserted (support/preflight-run.ts).
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { freePort } from "../../scripts/start/free-port.mjs";
import { serviceAccountKey } from "../../service/test/fakes/oauth-token-fake.ts";
import { editEveryWorkbook, productionSuite, SERVICE_ACCOUNT } from "../../service/test/preflight/harness.ts";
import { preflight, printed, registryWith } from "./support/preflight-run.ts";

describe("npm run preflight: never ready when the first sync would fail (the service's settings and credentials)", () => {
  const suite = productionSuite();

  test("a right setup, every trigger heard, is the only one that exits 0", async () => {
    suite.world.seedWorkbooks();
    const app = await suite.service();
    await editEveryWorkbook(app);
    const { code, out } = await preflight(app);
    assert.equal(code, 0, out);
    assert.match(out, /Every check passes: ready for the day\.\n$/);
  });
  test("no credentials, a missing key file, a key file that is no JSON or no key, a key Google refuses: each fails with its cause and the fix, the workbooks not checked", async () => {
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
        // The OAuth client's file the console also offers, downloaded instead of the account's key.
        client: JSON.stringify({ installed: { client_id: "1-abc.apps.googleusercontent.com" } }),
      };
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, `${name}.json`), text);
      const withKey = (file: string | undefined) =>
        suite.service({
          SHEETS_ACCESS_TOKEN: "",
          GOOGLE_APPLICATION_CREDENTIALS: file === undefined ? "" : join(dir, file),
          GOOGLE_OAUTH_TOKEN_URL: `${suite.world.sheets.url}/token`,
        });
      /** The preflight with key file `file`: exit status 1, and its credentials' FAIL line, which names the file. */
      const keyFileFailure = async (file: string) => {
        const run = await preflight(await withKey(file));
        assert.equal(run.code, 1);
        return printed(
          run.out,
          "FAIL",
          "sheets-credentials",
          `GOOGLE_APPLICATION_CREDENTIALS=${join(dir, file)}`,
        );
      };

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

      const gone = await keyFileFailure("gone.json");
      assert.equal(gone.detail, "the key file cannot be used: there is no such file");
      assert.match(gone.fix ?? "", /^Put the service account's JSON key at that path/);

      const broken = await keyFileFailure("cut.json");
      assert.match(broken.detail, /^the key file cannot be used: it is not JSON/);
      assert.match(broken.fix ?? "", /^Make a new JSON key for the service account/);

      const notAKey = await keyFileFailure("client.json");
      assert.equal(
        notAKey.detail,
        'the key file cannot be used: it is not a service account key (its "type" is null, not "service_account")',
      );
      assert.match(notAKey.fix ?? "", /^Make a new JSON key for the service account/);

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
});
