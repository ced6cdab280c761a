import {
  type DescribedService,
  deployArgs,
  servesLatest,
  serviceDifferences,
  serviceSpec,
} from "../cloud-run.ts";
import { jsonOf, type SetupContext, SetupError } from "../context.ts";
import { ensureGrants } from "../iam.ts";
import { BUILD_REGIONS } from "../settings.ts";

const NOT_FOUND = /NOT_FOUND|not found|Cannot find/i;

/** Where the URLs go in a dry run, where nothing is deployed to tell them. */
export const PLACEHOLDER = {
  relay: "https://tournament-ops-relay.<your-subdomain>.workers.dev",
  service: "https://<service>-<hash>.<region>.run.app",
} as const;

/** The image of this release, built by Cloud Build from the repository's Dockerfile when missing. */
export async function image(ctx: SetupContext): Promise<string> {
  const tagged = `${ctx.names.imagePath}:${ctx.options.version}`;
  const found = jsonOf<object>(
    await ctx.check(
      {
        program: "gcloud",
        args: ["artifacts", "docker", "images", "describe", tagged, ...ctx.project, "--format=json"],
      },
      NOT_FOUND,
    ),
    "object",
  );
  if (found === undefined)
    await ctx
      .change({
        program: "gcloud",
        args: [
          "builds",
          "submit",
          ".",
          ...ctx.project,
          // Cloud Build's own region (buildRegion): some projects may build only in a few.
          "--region",
          ctx.settings.buildRegion,
          "--config=deploy/cloudbuild.yaml",
          `--substitutions=_IMAGE=${tagged}`,
          `--service-account=projects/${ctx.settings.project}/serviceAccounts/${ctx.names.builderEmail}`,
          "--quiet",
        ],
        stream: true,
      })
      .catch((error: unknown) => {
        // A project may build only in a few regions; its refusal reads like a quota.
        if (error instanceof SetupError && /FAILED_PRECONDITION|quota|region/i.test(error.message))
          throw new SetupError(
            `${error.message}\nCloud Build may not run builds in ${ctx.settings.buildRegion} for this project: set buildRegion in deploy/settings.json to one of ${BUILD_REGIONS.join(", ")} (docs/deployment.md, section 11), and run the setup again.`,
          );
        throw error;
      });
  return tagged;
}

async function describe(ctx: SetupContext): Promise<DescribedService | undefined> {
  return jsonOf<DescribedService>(
    await ctx.check(
      {
        program: "gcloud",
        args: ["run", "services", "describe", ctx.settings.service, ...ctx.regional, "--format=json"],
      },
      NOT_FOUND,
    ),
    "object",
  );
}

/**
 * The service on Cloud Run, deployed when it is missing or differs in any setting, variable or
 * secret (a secret's version too: a rotated one rolls a new revision); then open to every caller
 * (the API authenticates each route itself), as `publicAccess` says. A revision it deployed
 * serves at once, even where a rollback had pinned the traffic to an older one. Its URL is read
 * back from Cloud Run.
 */
export async function service(ctx: SetupContext): Promise<void> {
  const tagged = await image(ctx);
  const running = await describe(ctx);
  const relayUrl =
    ctx.relayUrl ??
    running?.spec?.template?.spec?.containers?.[0]?.env?.find((e) => e.name === "LIVE_PUSH_URL")?.value ??
    (ctx.dryRun ? PLACEHOLDER.relay : undefined);
  if (relayUrl === undefined)
    throw new SetupError(
      "the relay's address is unknown: set relayUrl in deploy/settings.json (the address `npx wrangler deploy` printed) and run the setup again.",
    );
  ctx.relayUrl = relayUrl;
  const spec = serviceSpec(ctx, tagged, relayUrl);
  const differences = running === undefined ? ["it is not deployed yet"] : serviceDifferences(spec, running);
  let url = running?.status?.url;
  if (differences.length > 0) {
    ctx.note(`the service needs deploying: ${differences.join("; ")}`);
    await ctx.change({ program: "gcloud", args: deployArgs(ctx, spec), stream: true });
    const deployed = await describe(ctx);
    url = deployed?.status?.url;
    if (deployed !== undefined && !servesLatest(deployed)) {
      ctx.note(
        "the traffic was pinned to an older revision (a rollback): the revision just deployed takes it",
      );
      await ctx.change({
        program: "gcloud",
        args: [
          "run",
          "services",
          "update-traffic",
          ctx.settings.service,
          ...ctx.regional,
          "--to-latest",
          "--quiet",
        ],
      });
    }
    return found(ctx, url);
  }
  ctx.note(`the service runs ${ctx.options.version} with every setting right`);
  if (!servesLatest(running as DescribedService))
    ctx.note(
      `its traffic is pinned to an older revision (a rollback); \`gcloud run services update-traffic ${ctx.settings.service} --region ${ctx.settings.region} --to-latest\` serves the newest again`,
    );
  if (spec.publicAccess === "allUsers")
    await ensureGrants(
      ctx,
      ["run", "services", "get-iam-policy", ctx.settings.service, ...ctx.regional],
      (grant) => [
        "run",
        "services",
        "add-iam-policy-binding",
        ctx.settings.service,
        ...ctx.regional,
        `--member=${grant.member}`,
        `--role=${grant.role}`,
      ],
      [{ role: "roles/run.invoker", member: "allUsers" }],
    );
  found(ctx, url);
}

/** The service's URL as Cloud Run says it (a placeholder in a dry run). */
function found(ctx: SetupContext, url: string | undefined): void {
  ctx.serviceUrl = url ?? (ctx.dryRun ? PLACEHOLDER.service : undefined);
  if (ctx.serviceUrl === undefined)
    throw new SetupError("Cloud Run did not say the service's URL; run the setup again.");
}
