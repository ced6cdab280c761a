import { baseName, jsonOf, type SetupContext, SetupError } from "../context.ts";
import { ensureGrants } from "../iam.ts";

/**
 * The APIs the deployment uses: Cloud Run, Cloud Build, Artifact Registry, Secret Manager, the
 * Sheets API (the workbooks), the Drive API (the preflight asks it whether a workbook is shared as
 * Editor) and IAM (service accounts).
 */
export const APIS = [
  "run.googleapis.com",
  "cloudbuild.googleapis.com",
  "artifactregistry.googleapis.com",
  "secretmanager.googleapis.com",
  "sheets.googleapis.com",
  "drive.googleapis.com",
  "iam.googleapis.com",
] as const;

/** Signed in to gcloud, the project there, and billing on (Cloud Run needs it). */
export async function projectAndBilling(ctx: SetupContext): Promise<void> {
  const account = await ctx.check({
    program: "gcloud",
    args: ["auth", "list", "--filter=status:ACTIVE", "--format=value(account)"],
  });
  if (account !== undefined && account.stdout.trim() === "")
    throw new SetupError("gcloud is signed in to no account: run `gcloud auth login` first.");
  const project = await ctx.check(
    { program: "gcloud", args: ["projects", "describe", ctx.settings.project, "--format=json"] },
    /NOT_FOUND|not found|permission|does not have/i,
  );
  if (project === undefined && !ctx.dryRun)
    throw new SetupError(
      `the project ${ctx.settings.project} does not exist or this account cannot see it: create it (https://console.cloud.google.com/projectcreate) or correct --project.`,
    );
  const billing = jsonOf<{ billingEnabled?: boolean }>(
    await ctx.check(
      { program: "gcloud", args: ["billing", "projects", "describe", ctx.settings.project, "--format=json"] },
      /./,
    ),
    "object",
  );
  if (billing?.billingEnabled === false)
    throw new SetupError(
      `billing is off for ${ctx.settings.project}: link a billing account (https://console.cloud.google.com/billing/linkedaccount?project=${ctx.settings.project}), then run the setup again.`,
    );
  if (billing === undefined && !ctx.dryRun)
    ctx.note(
      "(could not tell whether billing is on; enabling the APIs below fails with a clear message if it is off)",
    );
}

/** Enables the APIs not enabled yet, in one command. */
export async function apis(ctx: SetupContext): Promise<void> {
  const enabled = (
    jsonOf<{ name?: string; config?: { name?: string } }[]>(
      await ctx.check({
        program: "gcloud",
        args: ["services", "list", "--enabled", ...ctx.project, "--format=json"],
      }),
      "array",
    ) ?? []
  ).map((service) => service.config?.name ?? baseName(service.name));
  const missing = APIS.filter((api) => !enabled.includes(api));
  if (missing.length > 0)
    await ctx.change({
      program: "gcloud",
      args: ["services", "enable", ...missing, ...ctx.project, "--quiet"],
    });
}

/** The Docker repository the image is pushed to. */
export async function imageRepository(ctx: SetupContext): Promise<void> {
  const { repository, region } = ctx.settings;
  const existing = (
    jsonOf<{ name?: string }[]>(
      await ctx.check({
        program: "gcloud",
        args: ["artifacts", "repositories", "list", ...ctx.project, "--location", region, "--format=json"],
      }),
      "array",
    ) ?? []
  ).map((repo) => baseName(repo.name));
  if (!existing.includes(repository))
    await ctx.change({
      program: "gcloud",
      args: [
        "artifacts",
        "repositories",
        "create",
        repository,
        ...ctx.project,
        "--location",
        region,
        "--repository-format=docker",
        "--description=Tournament operations service images",
        "--quiet",
      ],
    });
}

/** The service's account (the workbooks are shared with it) and the account builds run as. */
export async function serviceAccounts(ctx: SetupContext): Promise<void> {
  const emails = (
    jsonOf<{ email?: string }[]>(
      await ctx.check({
        program: "gcloud",
        args: ["iam", "service-accounts", "list", ...ctx.project, "--format=json"],
      }),
      "array",
    ) ?? []
  ).map((account) => account.email);
  const accounts = [
    [ctx.settings.serviceAccount, ctx.names.serviceAccountEmail, "Tournament operations service"],
    [ctx.settings.builderAccount, ctx.names.builderEmail, "Tournament operations image builds"],
  ] as const;
  for (const [name, email, title] of accounts)
    if (!emails.includes(email))
      await ctx.change({
        program: "gcloud",
        args: [
          "iam",
          "service-accounts",
          "create",
          name,
          ...ctx.project,
          `--display-name=${title}`,
          "--quiet",
        ],
      });
}

/**
 * What the build account may do, and no more: write build logs, read the uploaded source, push
 * to this one image repository. (Builds do not run as a default account, whose roles differ from
 * project to project.)
 */
export async function builderRoles(ctx: SetupContext): Promise<void> {
  const member = `serviceAccount:${ctx.names.builderEmail}`;
  const { project, repository, region } = ctx.settings;
  await ensureGrants(
    ctx,
    ["projects", "get-iam-policy", project],
    (grant) => [
      "projects",
      "add-iam-policy-binding",
      project,
      `--member=${grant.member}`,
      `--role=${grant.role}`,
      "--condition=None",
    ],
    [
      { role: "roles/logging.logWriter", member },
      { role: "roles/storage.objectViewer", member },
    ],
  );
  const repositoryFlags = [repository, ...ctx.project, "--location", region];
  await ensureGrants(
    ctx,
    ["artifacts", "repositories", "get-iam-policy", ...repositoryFlags],
    (grant) => [
      "artifacts",
      "repositories",
      "add-iam-policy-binding",
      ...repositoryFlags,
      `--member=${grant.member}`,
      `--role=${grant.role}`,
    ],
    [{ role: "roles/artifactregistry.writer", member }],
  );
}
