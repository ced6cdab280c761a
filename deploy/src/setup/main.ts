// `deploy/setup [--dry-run] [settings]`: the production setup in order, idempotent (see plan.ts).
// Exit 0: done; 1: a step failed (its message says why; running again resumes); 2: bad settings.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DEPLOYED_FILE, readDeployed, recordDeployed } from "../shared/deployed.ts";
import { createPrompter } from "../shared/prompt.ts";
import { SetupContext, SetupError } from "./context.ts";
import { runSetup } from "./plan.ts";
import { dryRunner, processRunner } from "./runner.ts";
import { SETTING_FLAGS, setupSettings } from "./settings.ts";
import { summary } from "./summary.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SETTINGS_FILE = "deploy/settings.json";

const HELP = `usage: deploy/setup [--dry-run] [--settings file] [--<setting> value …]

Sets up production in order, checking each thing first and changing only what is not right:
the APIs, the image repository, the service accounts and their roles, the secrets, the relay
(wrangler), the service (Cloud Run) and the pages. Running it again changes nothing that is right.

  --dry-run          print every command it would run, run none (as for a new project)
  --settings file    the settings file (default ${SETTINGS_FILE}; see deploy/settings.example.json)

Settings (flags win over the file's members of the same name, in camelCase):
  --project id             the Google Cloud project (required)
  --data-repo owner/name   the GitHub data repository (required)
  --pages-url URL          where GitHub Pages serves the pages (required), https://owner.github.io/repo/
  --region name            default asia-southeast1 (Singapore, the nearest to Manila)
  --build-region name      where Cloud Build builds the image, default asia-east1 (some projects
                           may build only in us-central1, us-west2, europe-west1, asia-east1,
                           australia-southeast1 or southamerica-east1)
  --data-branch name       default main;   --pages-branch name: default the data branch
  --data-url URL           the data site for the pages' config.json, default ./ (the pages' own site)
  --service, --repository, --service-account, --builder-account   names, with defaults
  --relay-url URL          the relay's address, when known (wrangler prints it on deploy)
  --extra-origins list     more origins the relay lets open sockets (a custom domain), comma-separated
  --public-access how      allUsers (default: the Cloud Run Invoker role), or no-invoker-iam-check
                           for an organisation whose Domain Restricted Sharing refuses allUsers
  --operator name          the operator's sign-in name, default operator
  --min-instances n        default 0 (1 keeps an instance warm on tournament days)
  --max-instances n        default 2

Asked for when needed, never echoed: the operator password, the GitHub token (or DATA_REPO_TOKEN).
Needs: gcloud (signed in), wrangler (npx wrangler login in relay/), Node and npm ci done.
`;

async function settingsFile(path: string, given: boolean): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(resolve(ROOT, path), "utf8")) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !given) return {};
    throw new SetupError(`the settings file ${path} cannot be read: ${(error as Error).message}`);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      ...SETTING_FLAGS,
      "dry-run": { type: "boolean" },
      settings: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const file = await settingsFile(values.settings ?? SETTINGS_FILE, values.settings !== undefined);
  const settings = setupSettings(values, file);
  if ("problems" in settings) {
    process.stderr.write(
      `setup: ${settings.problems.length} setting(s) to give (flags, or ${values.settings ?? SETTINGS_FILE}):\n  - ${settings.problems.join("\n  - ")}\n`,
    );
    return 2;
  }
  const dryRun = values["dry-run"] === true;
  const version = (JSON.parse(await readFile(`${ROOT}package.json`, "utf8")) as { version: string }).version;
  const prompt = createPrompter();
  const ctx = new SetupContext(settings, dryRun ? dryRunner : processRunner(ROOT), {
    version,
    dryRun,
    prompt,
    out: (line) => process.stdout.write(`${line}\n`),
    env: process.env,
    deployed: dryRun ? {} : await readDeployed(),
  });
  process.stdout.write(
    `Production setup ${version} of project ${settings.project} in ${settings.region}${dryRun ? "\nDry run: nothing is run. Every check is taken to find nothing, so this is the whole sequence for a new project." : ""}\n`,
  );
  try {
    await runSetup(ctx);
  } finally {
    prompt.close();
  }
  if (!dryRun)
    await recordDeployed({
      serviceUrl: ctx.serviceUrl,
      relayUrl: ctx.relayUrl,
      pagesUrl: settings.pagesUrl,
      dataUrl: settings.dataUrl,
      dataRepo: settings.dataRepo,
      pagesBranch: settings.pagesBranch,
      project: settings.project,
    });
  process.stdout.write(`${summary(ctx).join("\n")}\n`);
  if (!dryRun)
    process.stdout.write(`(The addresses are kept in ${DEPLOYED_FILE} for publish-pages and preflight.)\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof SetupError;
    process.stderr.write(
      `\nsetup stopped: ${known ? error.message : (error as Error).stack}\nFix that and run deploy/setup again: it resumes where it stopped.\n`,
    );
    process.exitCode = 1;
  },
);
