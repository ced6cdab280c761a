import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { dryRunner } from "../src/setup/runner.ts";
import { APIS } from "../src/setup/steps/project.ts";
import { type CloudState, fakeCloud, newProject } from "./support/fake-cloud.ts";
import {
  assertChanges,
  changesOf,
  GITHUB_TOKEN,
  PASSWORD,
  PROJECT,
  RECORDED,
  setUp,
  withoutValues,
} from "./support/setup-harness.ts";

describe("deploy/setup against a fake cloud: complete, and idempotent on a recorded state", () => {
  test("a new project is set up in the order the dry run printed, and the run ends with the Apps Script's properties", async () => {
    const cloud = fakeCloud(newProject(PROJECT));
    const { out, text, ctx } = await setUp(cloud.runner);
    const dry = await setUp(dryRunner, { dryRun: true });
    assert.deepEqual(changesOf(out), changesOf(dry.out));
    const { state } = cloud;
    assert.deepEqual(state.apis, [...APIS]);
    assert.equal(
      state.worker?.secret,
      state.secrets["live-push-secret"]?.values[0],
      "the relay has the service's push secret",
    );
    assert.equal(state.worker?.origins, "https://my-club.github.io");
    assert.match(state.secrets["auth-password-hash"]?.values[0] ?? "", /^\$scrypt\$ln=15,r=8,p=1\$/);
    assert.equal(state.secrets["data-repo-token"]?.values[0], GITHUB_TOKEN);
    assert.equal(ctx.serviceUrl, "https://tournament-ops-abc123def-as.a.run.app");
    assert.ok(state.pages?.includes("--api-url=https://tournament-ops-abc123def-as.a.run.app"));
    assert.ok(state.pages?.includes("--live-url=https://tournament-ops-relay.my-club.workers.dev"));
    // The sync secret is shown once, for the Apps Script; no other secret value is ever printed.
    const sync = state.secrets["sync-shared-secret"]?.values[0] as string;
    assert.equal(text.split(sync).length - 1, 1);
    assert.match(text, new RegExp(`SYNC_SECRET {2}${sync} {3}\\(shown this once`));
    assert.match(text, /SYNC_URL {5}https:\/\/tournament-ops-abc123def-as\.a\.run\.app/);
    for (const name of ["auth-token-secret", "live-push-secret", "data-repo-token", "auth-password-hash"])
      assert.ok(!text.includes(state.secrets[name]?.values[0] as string), `${name} is never printed`);
    assert.ok(!text.includes(PASSWORD));
    assert.deepEqual(
      withoutValues(state),
      withoutValues(JSON.parse(readFileSync(RECORDED, "utf8"))),
      "the recorded state is a complete project",
    );
  });
  test("run again against the recorded state of a complete project, it only checks", async () => {
    const cloud = fakeCloud(JSON.parse(readFileSync(RECORDED, "utf8")));
    const { out, ctx, text } = await setUp(cloud.runner, { answers: [] });
    assert.deepEqual(ctx.changes, []);
    assert.deepEqual(
      cloud.log.filter((entry) => entry.kind === "change"),
      [],
    );
    assert.ok(out.every((line) => !line.startsWith("  change")));
    assert.ok(cloud.log.length > 20, "every step checked");
    assert.match(text, /the relay runs v3\.4\.1, allows https:\/\/my-club\.github\.io and has its secret/);
    assert.match(
      text,
      /SYNC_SECRET {2}the service's sync secret: `gcloud secrets versions access latest --secret=sync-shared-secret --project my-club-tournaments` shows it/,
    );
  });
  test("a new release builds and deploys only what it changes: the relay, the image, the service", async () => {
    const cloud = fakeCloud(JSON.parse(readFileSync(RECORDED, "utf8")));
    const { ctx } = await setUp(cloud.runner, { answers: [], version: "3.5.0" });
    // Whether the pages change is publish-pages --check's to say, from the build (tested with it).
    const expected = [
      /^\(cd relay && npx --no wrangler deploy /,
      /^gcloud builds submit /,
      /^gcloud run deploy /,
    ];
    assertChanges(ctx.changes, expected);
    assert.equal(cloud.state.worker?.tag, "v3.5.0");
  });
  test("a setting changed by hand is put back with one deploy that names it; a lost grant is granted again", async () => {
    const recorded: CloudState = JSON.parse(readFileSync(RECORDED, "utf8"));
    recorded.serviceDeploy = recorded.serviceDeploy?.map((arg) =>
      arg === "--memory=1Gi" ? "--memory=512Mi" : arg,
    );
    recorded.secrets["live-push-secret"] = { ...recorded.secrets["live-push-secret"], policy: [] } as never;
    const cloud = fakeCloud(recorded);
    const { ctx, text } = await setUp(cloud.runner, { answers: [] });
    assert.match(text, /the service needs deploying: memory is 512Mi, not 1Gi/);
    const expected = [
      /^gcloud secrets add-iam-policy-binding live-push-secret /,
      /^gcloud run deploy tournament-ops /,
    ];
    assertChanges(ctx.changes, expected);
  });
});
