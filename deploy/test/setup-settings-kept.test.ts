// deploy/setup run again against the recorded state of a complete project, with the settings the
// issue found it overrode (issue 39's traps): the Domain Restricted Sharing choice, the build's
// region, the relay's extra origins, a secret rotated by hand, a rollback's pinned traffic. Each is
// applied on the run that needs it and kept (nothing changed) on the run after, given as flags or,
// as a volunteer keeps them, in deploy/settings.json.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SetupError } from "../src/setup/context.ts";
import { fakeCloud } from "./support/fake-cloud.ts";
import { assertChanges, recorded, setUp } from "./support/setup-harness.ts";

/** Two runs over one state: the changes of the first, then those of the second (none when kept). */
async function twice(state: ReturnType<typeof recorded>, options: Parameters<typeof setUp>[1] = {}) {
  const cloud = fakeCloud(state);
  const first = await setUp(cloud.runner, { answers: [], ...options });
  const second = await setUp(cloud.runner, { answers: [], ...options });
  return { cloud, first, second };
}

describe("deploy/setup keeps what its settings say, run after run", () => {
  test("Domain Restricted Sharing: allUsers is refused; publicAccess no-invoker-iam-check deploys without it, and keeps it", async () => {
    const restricted = { ...recorded(), domainRestricted: true, servicePolicy: [] };
    await assert.rejects(
      setUp(fakeCloud(structuredClone(restricted)).runner, { answers: [] }),
      (error: Error) =>
        error instanceof SetupError && /do not belong to a permitted customer/.test(error.message),
    );
    const { cloud, first, second } = await twice(restricted, {
      flags: { "public-access": "no-invoker-iam-check" },
    });
    assert.match(first.text, /the service needs deploying: invoker IAM check is true, not false/);
    assertChanges(first.ctx.changes, [/^gcloud run deploy tournament-ops .*--no-invoker-iam-check /]);
    assert.doesNotMatch(first.ctx.changes.join("\n"), /allow-unauthenticated|allUsers/);
    assert.deepEqual(cloud.state.servicePolicy, [], "allUsers is never granted");
    assert.deepEqual(second.ctx.changes, [], "kept on the next run");
  });

  test("the build runs in buildRegion (asia-east1 unless set), which a project restricted to a few regions allows; one it refuses is named with the setting", async () => {
    const restricted = { ...recorded(), buildRegions: ["us-central1", "asia-east1"] };
    const { first, second } = await twice(structuredClone(restricted), { version: "3.5.0" });
    assert.match(
      first.ctx.changes.find((line) => line.includes("builds submit")) ?? "",
      / --region asia-east1 /,
    );
    assert.deepEqual(second.ctx.changes, []);
    await assert.rejects(
      setUp(fakeCloud(structuredClone(restricted)).runner, {
        answers: [],
        version: "3.5.0",
        flags: { "build-region": "asia-southeast1" },
      }),
      (error: Error) =>
        /no concurrent builds quota/.test(error.message) &&
        /Cloud Build may not run builds in asia-southeast1 for this project: set buildRegion in deploy\/settings\.json to one of us-central1, us-west2, europe-west1, asia-east1/.test(
          error.message,
        ),
    );
  });

  test("extraOrigins are set on the relay with the pages' origin and kept; an origin added by hand is named before it is dropped", async () => {
    const extra = "https://results.my-club.org";
    const { cloud, first, second } = await twice(recorded(), { flags: { "extra-origins": extra } });
    assertChanges(first.ctx.changes, [
      new RegExp(
        `^\\(cd relay && npx --no wrangler deploy --var LIVE_ALLOWED_ORIGINS:https://my-club\\.github\\.io,${extra.replaceAll(".", "\\.")} `,
      ),
    ]);
    assert.equal(cloud.state.worker?.origins, `https://my-club.github.io,${extra}`);
    assert.deepEqual(second.ctx.changes, [], "kept on the next run");

    const byHand = recorded();
    (byHand.worker as { origins: string }).origins = `https://my-club.github.io,${extra}`;
    const dropped = await setUp(fakeCloud(byHand).runner, { answers: [] });
    assert.match(
      dropped.text,
      /LIVE_ALLOWED_ORIGINS also allows https:\/\/results\.my-club\.org, which the settings do not name: the deploy drops it \(put it in extraOrigins in deploy\/settings\.json to keep it\)/,
    );
  });

  test("a secret rotated by hand rolls a new revision with its new version, and the relay gets a rotated push secret", async () => {
    const rotated = recorded();
    rotated.secrets["data-repo-token"]?.values.push("github_pat_rotated");
    rotated.secrets["live-push-secret"]?.values.push("rotated-live-push-secret");
    const { cloud, first, second } = await twice(rotated);
    assert.match(first.text, /DATA_REPO_TOKEN is "secret data-repo-token:1", not "secret data-repo-token:2"/);
    assertChanges(first.ctx.changes, [
      /^\(cd relay && npx --no wrangler deploy .*--message 'tournament-ops relay 3\.4\.1, live-push-secret version 2'/,
      /^gcloud run deploy tournament-ops .*LIVE_PUSH_SECRET=live-push-secret:2,DATA_REPO_TOKEN=data-repo-token:2 /,
    ]);
    assert.equal(cloud.state.worker?.secret, "rotated-live-push-secret");
    assert.deepEqual(second.ctx.changes, [], "applied once, then kept");
  });

  test("the same three settings in deploy/settings.json (extraOrigins a list) are applied by a release's run, and the run after it changes nothing", async () => {
    const extra = "https://results.my-club.org";
    const restricted = {
      ...recorded(),
      domainRestricted: true,
      servicePolicy: [],
      buildRegions: ["us-central1", "asia-east1"],
    };
    const file = { publicAccess: "no-invoker-iam-check", buildRegion: "us-central1", extraOrigins: [extra] };
    const { cloud, first, second } = await twice(restricted, { version: "3.5.0", file });
    assertChanges(first.ctx.changes, [
      new RegExp(
        `^\\(cd relay && npx --no wrangler deploy --var LIVE_ALLOWED_ORIGINS:https://my-club\\.github\\.io,${extra.replaceAll(".", "\\.")} `,
      ),
      /^gcloud builds submit \. .*--region us-central1 /,
      /^gcloud run deploy tournament-ops .*--no-invoker-iam-check /,
    ]);
    assert.deepEqual(cloud.state.servicePolicy, [], "allUsers is never granted");
    assert.equal(cloud.state.worker?.origins, `https://my-club.github.io,${extra}`);
    assert.deepEqual(second.ctx.changes, [], "kept on the next run");
  });

  test("after a rollback pinned the traffic, a release's new revision takes it; with nothing to deploy the pin is only named", async () => {
    const pinned = { ...recorded(), pinnedRevision: "tournament-ops-00007-abc=100" };
    const same = await setUp(fakeCloud(structuredClone(pinned)).runner, { answers: [] });
    assert.deepEqual(same.ctx.changes, []);
    assert.match(
      same.text,
      /its traffic is pinned to an older revision \(a rollback\); `gcloud run services update-traffic tournament-ops --region asia-southeast1 --to-latest` serves the newest again/,
    );
    const cloud = fakeCloud(pinned);
    const release = await setUp(cloud.runner, { answers: [], version: "3.5.0" });
    assert.match(
      release.ctx.changes.at(-1) ?? "",
      /^gcloud run services update-traffic tournament-ops .*--to-latest --quiet$/,
    );
    assert.equal(cloud.state.pinnedRevision, undefined);
  });
});
