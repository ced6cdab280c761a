import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { dryRunner } from "../src/setup/runner.ts";
import { SECRETS } from "../src/setup/secret-list.ts";
import { APIS } from "../src/setup/steps/project.ts";
import { setUp, setupCommand } from "./support/setup-harness.ts";

describe("deploy/setup --dry-run: the whole ordered sequence, run nowhere", () => {
  test("--dry-run prints the whole ordered sequence and runs nothing", async () => {
    const { out, ctx } = await setUp(dryRunner, { dryRun: true });
    const changes = out.filter((line) => line.startsWith("  change  "));
    const at = (pattern: RegExp) => {
      const index = changes.findIndex((line) => pattern.test(line));
      assert.ok(index >= 0, `no change matches ${pattern}`);
      return index;
    };
    // Every API in one command, first.
    assert.equal(at(/gcloud services enable/), 0);
    for (const api of APIS) assert.match(changes[0] as string, new RegExp(` ${api.replaceAll(".", "\\.")} `));
    const order = [
      at(/artifacts repositories create tournament /),
      at(/iam service-accounts create tournament-ops /),
      at(/iam service-accounts create tournament-ops-builder /),
      at(/projects add-iam-policy-binding .*roles\/logging\.logWriter/),
      at(/projects add-iam-policy-binding .*roles\/storage\.objectViewer/),
      at(/artifacts repositories add-iam-policy-binding .*roles\/artifactregistry\.writer/),
      ...SECRETS.flatMap((secret) => [
        at(
          new RegExp(
            `secrets create ${secret.name} .*--data-file=- --quiet < \\(the new ${secret.name} value\\)$`,
          ),
        ),
        at(
          new RegExp(`secrets add-iam-policy-binding ${secret.name} .*roles/secretmanager\\.secretAccessor`),
        ),
      ]),
      at(
        /wrangler deploy --var LIVE_ALLOWED_ORIGINS:https:\/\/my-club\.github\.io --tag v3\.4\.1 .* --secrets-file <a private temporary file with LIVE_PUSH_SECRET>/,
      ),
      at(/gcloud builds submit \. .*--config=deploy\/cloudbuild\.yaml/),
      at(/gcloud run deploy tournament-ops /),
      at(/npm run -s publish-pages -- .*--data-url=\.\/ --dist=web\/dist$/),
    ];
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      "in this order",
    );
    assert.equal(changes.length, order.length + 1, "and nothing else");
    const deploy = changes[at(/gcloud run deploy/)] as string;
    for (const setting of [
      "--region asia-southeast1",
      "--memory=1Gi",
      "--cpu=1",
      "--no-cpu-throttling",
      "--min-instances=0",
      "--max-instances=2",
      "--concurrency=80",
      "--timeout=300",
      "--use-http2",
      "--service-account=tournament-ops@my-club-tournaments.iam.gserviceaccount.com",
      "SHEETS_BACKEND=google",
      "DATA_BACKEND=github",
      "TRUST_PROXY_HOPS=1",
      "LIVE_PUSH_URL=https://tournament-ops-relay.<your-subdomain>.workers.dev",
      "PAGES_URL=https://my-club.github.io/tournament-data,",
      "--set-secrets=AUTH_PASSWORD_HASH=auth-password-hash:1,AUTH_TOKEN_SECRET=auth-token-secret:1,SYNC_SHARED_SECRET=sync-shared-secret:1,LIVE_PUSH_SECRET=live-push-secret:1,DATA_REPO_TOKEN=data-repo-token:1",
    ])
      assert.ok(deploy.includes(setting), `the deploy has ${setting}`);
    assert.equal(ctx.secrets.size, 5, "no value was asked for: placeholders only");
  });
  test("a missing setting, and every other, is named in one message; the command exits 2", async () => {
    const { code, stderr } = await setupCommand([
      "--dry-run",
      "--settings",
      "deploy/settings.example.json",
      "--project",
      "X",
      "--pages-url",
      "http://insecure.example",
    ]);
    assert.equal(code, 2);
    assert.match(stderr, /setup: 2 setting\(s\) to give/);
    assert.match(stderr, /project \(--project\) must be a Google Cloud project id/);
    assert.match(stderr, /pagesUrl \(--pages-url\) must be the https address/);
    const none = await setupCommand([
      "--dry-run",
      "--settings",
      "deploy/settings.example.json",
      "--project",
      "",
    ]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /project \(--project\) is missing/);
  });
  test("`deploy/setup --dry-run` runs as a command from the example settings, with no gcloud or wrangler", async () => {
    const { code, stdout } = await setupCommand(["--dry-run", "--settings", "deploy/settings.example.json"]);
    assert.equal(code, 0);
    assert.match(
      stdout,
      /^Production setup \d+\.\d+\.\d+ of project my-club-tournaments in asia-southeast1\nDry run: nothing is run\./,
    );
    assert.match(stdout, /\n9\. The pages on the data repository's branch\n/);
    assert.match(stdout, /Dry run done: nothing was run\./);
  });
});
