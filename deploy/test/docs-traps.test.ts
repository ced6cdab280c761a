// What docs/deployment.md, docs/operations.md and relay/README.md say of the code is the code's,
// and the traps issue 39 found in them stay mended: the roles the setup needs (not "Owner or
// Editor"), the log's message key, the relay's Durable Object classes and how it is deployed, the
// way back from a pinned rollback, hash-password's username, and the runbook's entries.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { dryRunner } from "../src/setup/runner.ts";
import { fakeCloud } from "./support/fake-cloud.ts";
import { recorded, setUp } from "./support/setup-harness.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/**
 * The role that lets a volunteer make each IAM change of the setup, from Google's IAM reference:
 * each `add-iam-policy-binding` needs its resource's `setIamPolicy` (Cloud Run's public access
 * too), and building or running as an account needs `iam.serviceAccounts.actAs`.
 */
const ROLE_OF: [RegExp, string][] = [
  [/^gcloud projects add-iam-policy-binding /, "roles/resourcemanager.projectIamAdmin"],
  [/^gcloud artifacts repositories add-iam-policy-binding /, "roles/artifactregistry.admin"],
  [/^gcloud secrets add-iam-policy-binding /, "roles/secretmanager.admin"],
  [/^gcloud run services add-iam-policy-binding /, "roles/run.admin"],
  [/^gcloud run deploy .*--(allow-unauthenticated|no-invoker-iam-check) /, "roles/run.admin"],
  [/ --service-account=/, "roles/iam.serviceAccountUser"],
];

test("deployment.md names the roles each IAM change of the setup needs, and no other, instead of 'Owner or Editor'", async () => {
  const runs = [
    await setUp(dryRunner, { dryRun: true }),
    await setUp(dryRunner, { dryRun: true, flags: { "public-access": "no-invoker-iam-check" } }),
    // A project whose allUsers grant was removed: the setup grants it again.
    await setUp(fakeCloud({ ...recorded(), servicePolicy: [] }).runner, { answers: [] }),
  ];
  const needed = new Set<string>();
  for (const change of runs.flatMap((run) => run.ctx.changes)) {
    const roles = ROLE_OF.filter(([pattern]) => pattern.test(change)).map(([, role]) => role);
    if (/iam-policy|invoker|unauthenticated/.test(change))
      assert.ok(roles.length > 0, `no role is known for ${change}`);
    for (const role of roles) needed.add(role);
  }
  const deployment = read("docs/deployment.md");
  const paragraph = /\*\*The roles the setup needs\*\*[\s\S]*?\n\n/.exec(deployment)?.[0] ?? "";
  assert.deepEqual(
    new Set([...paragraph.matchAll(/`(roles\/[\w.]+)`/g)].map((m) => m[1])),
    needed,
    paragraph,
  );
  assert.match(paragraph, /Editor\s+alone cannot change an IAM policy/);
  assert.doesNotMatch(deployment, /Owner or Editor/);
});

test("what the pages say of the code is the code's: the log's message key, the relay's Durable Object classes, the region", () => {
  const operations = read("docs/operations.md");
  const key = /messageKey: "(\w+)"/.exec(read("service/src/http/logger.ts"))?.[1];
  assert.deepEqual([...new Set([...operations.matchAll(/jsonPayload\.(\w+)/g)].map((m) => m[1]))], [key]);
  const classes = read("relay/wrangler.toml").match(/^\[\[durable_objects\.bindings\]\]$/gm)?.length;
  const words = ["none", "one", "two", "three", "four", "five", "six"];
  assert.match(
    read("docs/deployment.md"),
    new RegExp(`declares the ${words[classes ?? 0]} Durable Object classes`),
  );
  const region = /name: "region", flag: "--region", fallback: "([a-z0-9-]+)"/.exec(
    read("deploy/src/setup/settings.ts"),
  )?.[1];
  assert.match(operations, new RegExp(`^REGION=${region}\\b`, "m"));
  // No page of docs/ sends a reader to ../shared, nor a command to a file the repository lacks.
  for (const page of readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")))
    assert.doesNotMatch(read(`docs/${page}`), /\.\.\/shared\//, page);
});

test("the relay deploys through deploy/setup: wrangler.toml names no origin and keeps the deployed ones, and its README says so", () => {
  const toml = read("relay/wrangler.toml");
  // Comments aside: what wrangler reads.
  const settings = toml.replace(/#.*$/gm, "");
  assert.match(settings, /^keep_vars = true$/m, "a plain deploy keeps the origins deploy/setup set");
  assert.doesNotMatch(settings, /LIVE_ALLOWED_ORIGINS|^\[vars\]|example\.org/m);
  const readme = read("relay/README.md");
  assert.match(readme, /^- Deploy: through `deploy\/setup`/m);
  assert.match(readme, /a relay first\s+deployed that way has no origin and refuses every socket \(403\)/);
});

test("the pages' runbook has what issue 39 found missing, and the way back from a pinned rollback", () => {
  const operations = read("docs/operations.md");
  for (const entry of [
    /^## When the service is down or answers 5xx$/m,
    /^\*\*"Google hasn't verified this app"\*\*/m,
    /^- \*\*Publish the pages from another checkout\*\*/m,
    /^## A second organiser$/m,
    /one \*\*operator password\*\*/,
    /^- \*\*Run the setup\*\* .*the project roles of$/m,
  ])
    assert.match(operations, entry);
  const upgrades = /^## Upgrades$[\s\S]*?^## /m.exec(operations)?.[0] ?? "";
  assert.match(upgrades, /--to-revisions=<revision>=100/);
  assert.match(upgrades, /`gcloud run services update-traffic tournament-ops --region \$REGION --to-latest`/);
  assert.match(operations, /`hash-password` asks for the username: press Enter for `operator`/);
  assert.match(operations, /^gcloud config set project /m);
  assert.match(read("docs/deployment.md"), /`gcloud config set project my-club-tournaments`/);
});
