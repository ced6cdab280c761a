import { randomBytes } from "node:crypto";
import { hashPassword } from "../../../../service/src/auth/password.ts";
import type { Secret } from "../command.ts";
import { baseName, jsonOf, type SetupContext, SetupError } from "../context.ts";
import { ensureGrants } from "../iam.ts";
import { SECRETS, type SecretName } from "../secret-list.ts";

/** A new operator password must be at least this long. */
const PASSWORD_LENGTH = 12;

async function askPassword(ctx: SetupContext): Promise<string> {
  const { prompt } = ctx.options;
  const first = await prompt.hidden(
    `Operator password for "${ctx.settings.operator}" (at least ${PASSWORD_LENGTH} characters, not shown): `,
  );
  if ([...first].length < PASSWORD_LENGTH)
    throw new SetupError(`the operator password must be at least ${PASSWORD_LENGTH} characters long.`);
  if ((await prompt.hidden("The same password again: ")) !== first)
    throw new SetupError("the two passwords differ; run the setup again.");
  return hashPassword(ctx.settings.operator, first);
}

async function askToken(ctx: SetupContext): Promise<string> {
  const fromEnv = ctx.options.env.DATA_REPO_TOKEN?.trim();
  const token =
    fromEnv ||
    (
      await ctx.options.prompt.hidden(
        `A GitHub fine-grained token with Contents: Read and write on ${ctx.settings.dataRepo} alone (not shown): `,
      )
    ).trim();
  if (token === "")
    throw new SetupError("no GitHub token: make one (docs/deployment.md says how) and run the setup again.");
  return token;
}

/** A new value for a secret: made here, or asked for (never echoed); placeholders in a dry run. */
async function newValue(ctx: SetupContext, secret: (typeof SECRETS)[number]): Promise<string> {
  if (ctx.dryRun) return `<${secret.name}>`;
  if (secret.source === "password") return askPassword(ctx);
  if (secret.source === "github-token") return askToken(ctx);
  return randomBytes(secret.source).toString("base64url");
}

/** How a printed command names a secret's value. */
export const shown = (name: SecretName): string => `the new ${name} value`;

/** A secret's versions as `gcloud secrets versions list --format=json` prints them: their numbers, and the newest enabled. */
async function versionsOf(ctx: SetupContext, name: SecretName) {
  const listed =
    jsonOf<{ name?: string; state?: string }[]>(
      await ctx.check({
        program: "gcloud",
        args: ["secrets", "versions", "list", name, ...ctx.project, "--format=json"],
      }),
      "array",
    ) ?? [];
  const numbers = (state?: string) =>
    listed.filter((v) => state === undefined || v.state === state).map((v) => Number(baseName(v.name)) || 0);
  return { last: Math.max(0, ...numbers()), enabled: Math.max(0, ...numbers("ENABLED")) };
}

/**
 * Makes each secret that is missing or has no enabled version, keeping every one that exists
 * (regenerating one would break the relay, the workbooks' triggers or the operator's password),
 * and lets the service's account read each one. Each secret's newest enabled version is noted
 * (`ctx.secretVersions`): the service is deployed with those numbers, so a version added by hand
 * (a rotated token) rolls a new revision. The sync secret, when made now, is shown once at the
 * end for the Apps Script; the others are never shown.
 */
export async function secrets(ctx: SetupContext): Promise<void> {
  const existing = (
    jsonOf<{ name?: string }[]>(
      await ctx.check({ program: "gcloud", args: ["secrets", "list", ...ctx.project, "--format=json"] }),
      "array",
    ) ?? []
  ).map((secret) => baseName(secret.name));
  for (const secret of SECRETS) {
    const versions = existing.includes(secret.name)
      ? await versionsOf(ctx, secret.name)
      : { last: 0, enabled: 0 };
    const needed = versions.enabled === 0;
    // Versions are numbered one after the other: a new one is the next after the last of any state.
    ctx.secretVersions.set(secret.name, String(needed ? versions.last + 1 : versions.enabled));
    if (needed) {
      const value = await newValue(ctx, secret);
      const input: Secret = { value, shownAs: shown(secret.name) };
      const args = existing.includes(secret.name)
        ? ["secrets", "versions", "add", secret.name, ...ctx.project, "--data-file=-"]
        : [
            "secrets",
            "create",
            secret.name,
            ...ctx.project,
            "--replication-policy=automatic",
            "--data-file=-",
          ];
      await ctx.change({ program: "gcloud", args: [...args, "--quiet"], input });
      ctx.secrets.set(secret.name, value);
      if (secret.name === "sync-shared-secret") ctx.showOnce.push({ label: "SYNC_SECRET", value });
    }
    await ensureGrants(
      ctx,
      ["secrets", "get-iam-policy", secret.name, ...ctx.project],
      (grant) => [
        "secrets",
        "add-iam-policy-binding",
        secret.name,
        ...ctx.project,
        `--member=${grant.member}`,
        `--role=${grant.role}`,
      ],
      [
        {
          role: "roles/secretmanager.secretAccessor",
          member: `serviceAccount:${ctx.names.serviceAccountEmail}`,
        },
      ],
    );
  }
}

/**
 * A secret's value for a later step: the one made in this run, else read from Secret Manager (the
 * read is a check: it changes nothing, and its output is never printed).
 */
export async function secretValue(ctx: SetupContext, name: SecretName): Promise<string> {
  const known = ctx.secrets.get(name);
  if (known !== undefined) return known;
  const read = await ctx.check({
    program: "gcloud",
    args: [
      "secrets",
      "versions",
      "access",
      ctx.secretVersions.get(name) ?? "latest",
      `--secret=${name}`,
      ...ctx.project,
    ],
  });
  const value = read?.stdout ?? `<${name}>`;
  ctx.secrets.set(name, value);
  return value;
}
