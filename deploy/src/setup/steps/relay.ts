import { jsonOf, type SetupContext, SetupError } from "../context.ts";
import { secretValue } from "./secrets.ts";

/** wrangler, pinned in the repository, run from relay/ (where wrangler.toml is). */
const wrangler = (args: string[]) => ({ program: "npx", args: ["--no", "wrangler", ...args], cwd: "relay" });

/** A Worker version as `wrangler versions view --json` prints it. */
interface WorkerVersion {
  annotations?: Record<string, string>;
  resources?: { bindings?: { type?: string; name?: string; text?: string }[] };
}

const NOT_DEPLOYED = /no deployments|not found|could not be found|does not exist|10007/i;

/** The tag each deployed relay version carries: the repository's version, so a new release redeploys. */
export const relayTag = (version: string) => `v${version}`;

/**
 * The message each deployed relay version carries: the release and the live-push-secret's
 * version it was given, so a rotated secret deploys the relay again (its value cannot be read back).
 */
export const relayMessage = (version: string, secretVersion: string) =>
  `tournament-ops relay ${version}, live-push-secret version ${secretVersion}`;

/**
 * Deploys the relay first, because the service needs its address: when it is missing, or its
 * deployed version is not this release's (`--tag`), or its origins are not the pages' and the
 * `extraOrigins` (an origin added by hand is named before it is dropped), or it lacks the push
 * secret or has an older version of it. One `wrangler deploy` sets the code, `LIVE_ALLOWED_ORIGINS`
 * (`--var`; wrangler.toml has none) and `LIVE_PUSH_SECRET` (`--secrets-file`, a private temporary
 * file, so the secret is never typed, echoed or left on disk), as one version.
 */
export async function relay(ctx: SetupContext): Promise<void> {
  const signedIn = await ctx.check(wrangler(["whoami"]), /not authenticated|login/i);
  if (signedIn === undefined && !ctx.dryRun)
    throw new SetupError(
      "wrangler is not signed in to Cloudflare: run `npx wrangler login` in relay/ (or set CLOUDFLARE_API_TOKEN), then run the setup again.",
    );
  const origins = ctx.names.relayOrigins;
  const wanted = relayTag(ctx.options.version);
  const message = relayMessage(ctx.options.version, ctx.secretVersions.get("live-push-secret") ?? "latest");
  const problems = await deployedProblems(ctx, { tag: wanted, message, origins });
  if (problems.length === 0) {
    ctx.note(`the relay runs ${wanted}, allows ${origins.join(", ")} and has its secret`);
    ctx.relayUrl ??= ctx.options.deployed.relayUrl;
    return;
  }
  ctx.note(`the relay needs deploying: ${problems.join("; ")}`);
  const secret = await secretValue(ctx, "live-push-secret");
  const deployed = await ctx.change({
    ...wrangler([
      "deploy",
      "--var",
      `LIVE_ALLOWED_ORIGINS:${origins.join(",")}`,
      "--tag",
      wanted,
      "--message",
      message,
    ]),
    secretFile: {
      flag: "--secrets-file",
      content: { value: JSON.stringify({ LIVE_PUSH_SECRET: secret }), shownAs: "LIVE_PUSH_SECRET" },
    },
    stream: true,
  });
  const url = /https:\/\/[a-z0-9.-]+\.workers\.dev/i.exec(deployed.stdout)?.[0];
  ctx.relayUrl = ctx.settings.relayUrl ?? url ?? ctx.relayUrl ?? ctx.options.deployed.relayUrl;
}

/** What is not right with the deployed relay; every problem when none is deployed. */
async function deployedProblems(
  ctx: SetupContext,
  wanted: { tag: string; message: string; origins: readonly string[] },
): Promise<string[]> {
  const deployment = jsonOf<{ versions?: { version_id?: string; percentage?: number }[] }>(
    await ctx.check(wrangler(["deployments", "status", "--json"]), NOT_DEPLOYED),
    "object",
  );
  const versions = deployment?.versions ?? [];
  if (versions.length === 0) return ["it is not deployed yet"];
  if (versions.length > 1) return ["a gradual rollout is under way"];
  const version = jsonOf<WorkerVersion>(
    await ctx.check(wrangler(["versions", "view", String(versions[0]?.version_id), "--json"])),
    "object",
  );
  const bindings = version?.resources?.bindings ?? [];
  const problems: string[] = [];
  const running = version?.annotations?.["workers/tag"];
  if (running !== wanted.tag) problems.push(`it runs ${running ?? "an untagged version"}, not ${wanted.tag}`);
  const text = bindings.find((b) => b.name === "LIVE_ALLOWED_ORIGINS")?.text ?? "";
  const allowed = text
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  const missing = wanted.origins.filter((origin) => !allowed.includes(origin));
  const extra = allowed.filter((origin) => !wanted.origins.includes(origin));
  if (missing.length > 0)
    problems.push(`LIVE_ALLOWED_ORIGINS is ${JSON.stringify(text)}, without ${missing.join(", ")}`);
  if (extra.length > 0)
    problems.push(
      `LIVE_ALLOWED_ORIGINS also allows ${extra.join(", ")}, which the settings do not name: the deploy drops ${extra.length === 1 ? "it" : "them"} (put ${extra.length === 1 ? "it" : "them"} in extraOrigins in deploy/settings.json to keep ${extra.length === 1 ? "it" : "them"})`,
    );
  if (!bindings.some((b) => b.name === "LIVE_PUSH_SECRET" && b.type === "secret_text"))
    problems.push("it has no LIVE_PUSH_SECRET");
  else if (running === wanted.tag && version?.annotations?.["workers/message"] !== wanted.message)
    problems.push("its LIVE_PUSH_SECRET is not the live-push-secret's newest version");
  return problems;
}
