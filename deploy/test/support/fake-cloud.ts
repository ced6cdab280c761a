import type { Command, CommandResult } from "../../src/setup/command.ts";
import type { Runner } from "../../src/setup/runner.ts";
import { knativeService } from "./knative.ts";

interface Binding {
  role: string;
  members: string[];
}

/**
 * The state of a Google Cloud project, a Cloudflare account and the pages branch, as the setup's
 * commands see it. Plain data, so a state can be recorded to a file and answered from again.
 */
export interface CloudState {
  account: string;
  projects: string[];
  billing: boolean;
  apis: string[];
  repositories: string[];
  serviceAccounts: string[];
  projectPolicy: Binding[];
  repositoryPolicy: Binding[];
  secrets: Record<string, { values: string[]; policy: Binding[] }>;
  images: string[];
  /** The arguments of the last `gcloud run deploy`; the fake describes the service from them. */
  serviceDeploy?: string[];
  /** The revision the traffic is pinned to (`update-traffic --to-revisions`), when it is. */
  pinnedRevision?: string;
  servicePolicy: Binding[];
  /** The organisation's Domain Restricted Sharing: a policy naming allUsers is refused. */
  domainRestricted?: boolean;
  /** The regions this project may run Cloud Build in, when it is restricted to some. */
  buildRegions?: string[];
  worker?: { tag: string; message: string; origins: string; secret: string };
  /** The arguments of the last publication of the pages. */
  pages?: string[];
}

/** A project that exists, billed, with one signed-in account, and nothing else yet. */
export function newProject(project: string): CloudState {
  return {
    account: "volunteer@example.org",
    projects: [project],
    billing: true,
    apis: [],
    repositories: [],
    serviceAccounts: [],
    projectPolicy: [],
    repositoryPolicy: [],
    secrets: {},
    images: [],
    servicePolicy: [],
  };
}

const ok = (stdout: unknown = ""): CommandResult => ({
  code: 0,
  stdout: typeof stdout === "string" ? stdout : JSON.stringify(stdout),
  stderr: "",
});
const error = (stderr: string, code = 1): CommandResult => ({ code, stdout: "", stderr });
/** A change made, answered as gcloud answers one that succeeds. */
const done = (change: () => unknown): CommandResult => {
  change();
  return ok();
};

/** The value of `--name=value` or `--name value` in a command's arguments. */
export function flag(args: readonly string[], name: string): string | undefined {
  const joined = args.find((arg) => arg.startsWith(`--${name}=`));
  if (joined) return joined.slice(name.length + 3);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Cloud Run's answer to a policy naming allUsers under Domain Restricted Sharing. */
const DRS_REFUSAL =
  "ERROR: (gcloud.run.services.add-iam-policy-binding) FAILED_PRECONDITION: One or more users named in the policy do not belong to a permitted customer.";

function grant(policy: Binding[], args: readonly string[]) {
  const role = flag(args, "role") as string;
  const member = flag(args, "member") as string;
  const binding = policy.find((b) => b.role === role) ?? policy[policy.push({ role, members: [] }) - 1];
  if (!binding?.members.includes(member)) binding?.members.push(member);
}

/**
 * A runner that answers the setup's gcloud, wrangler and npm commands from a {@link CloudState}
 * and applies their changes to it, in the output formats those tools print. A command it does not
 * know fails the test: the setup may only run commands this fake models from their documentation.
 */
export function fakeCloud(state: CloudState) {
  const log: { kind: "check" | "change"; command: Command }[] = [];

  function gcloud(args: string[], command: Command): CommandResult {
    // The command's words before its first flag: `secrets versions list NAME`.
    const first = args.findIndex((arg) => arg.startsWith("--"));
    const words = first < 0 ? args : args.slice(0, first);
    const is = (...verb: string[]) => verb.every((word, i) => words[i] === word);
    const name = words[words.length - 1] as string;
    const project = flag(args, "project") as string;
    const policy = (bindings: Binding[]) => ok({ bindings, etag: "BwY=", version: 1 });

    if (is("auth", "list")) return ok(`${state.account}\n`);
    if (is("projects", "describe"))
      return state.projects.includes(name)
        ? ok({ projectId: name, projectNumber: "123" })
        : error("NOT_FOUND");
    if (is("billing", "projects", "describe")) return ok({ billingEnabled: state.billing });
    if (is("services", "list"))
      return ok(state.apis.map((api) => ({ name: `projects/123/services/${api}`, config: { name: api } })));
    if (is("services", "enable")) return done(() => state.apis.push(...words.slice(2)));
    if (is("artifacts", "repositories", "list"))
      return ok(
        state.repositories.map((r) => ({
          name: `projects/${project}/locations/${flag(args, "location")}/repositories/${r}`,
          format: "DOCKER",
        })),
      );
    if (is("artifacts", "repositories", "create")) return done(() => state.repositories.push(name));
    if (is("artifacts", "repositories", "get-iam-policy")) return policy(state.repositoryPolicy);
    if (is("artifacts", "repositories", "add-iam-policy-binding"))
      return done(() => grant(state.repositoryPolicy, args));
    if (is("iam", "service-accounts", "list")) return ok(state.serviceAccounts.map((email) => ({ email })));
    if (is("iam", "service-accounts", "create"))
      return done(() => state.serviceAccounts.push(`${name}@${project}.iam.gserviceaccount.com`));
    if (is("projects", "get-iam-policy")) return policy(state.projectPolicy);
    if (is("projects", "add-iam-policy-binding")) return done(() => grant(state.projectPolicy, args));
    if (is("secrets", "list"))
      return ok(Object.keys(state.secrets).map((s) => ({ name: `projects/123/secrets/${s}` })));
    if (is("secrets", "versions", "list")) {
      const secret = state.secrets[name];
      if (!secret)
        return error(`ERROR: (gcloud.secrets.versions.list) NOT_FOUND: Secret [${name}] not found`);
      return ok(
        secret.values.map((_, i) => ({
          name: `projects/123/secrets/${name}/versions/${i + 1}`,
          state: "ENABLED",
        })),
      );
    }
    if (is("secrets", "create")) {
      if (state.secrets[name]) return error("ALREADY_EXISTS");
      return done(() => (state.secrets[name] = { values: [command.input?.value as string], policy: [] }));
    }
    if (is("secrets", "versions", "add"))
      return done(() => state.secrets[name]?.values.push(command.input?.value as string));
    if (is("secrets", "versions", "access")) {
      const secret = state.secrets[flag(args, "secret") as string];
      const value = name === "latest" ? secret?.values.at(-1) : secret?.values[Number(name) - 1];
      return value !== undefined ? ok(value) : error("NOT_FOUND");
    }
    if (is("secrets", "get-iam-policy")) return policy(state.secrets[name]?.policy ?? []);
    if (is("secrets", "add-iam-policy-binding"))
      return done(() => grant(state.secrets[name]?.policy ?? [], args));
    if (is("artifacts", "docker", "images", "describe"))
      return state.images.includes(name)
        ? ok({ image_summary: { digest: "sha256:0", fully_qualified_digest: `${name}@sha256:0` } })
        : error(
            "ERROR: (gcloud.artifacts.docker.images.describe) NOT_FOUND: Requested entity was not found.",
          );
    if (is("builds", "submit")) {
      const region = flag(args, "region") ?? "global";
      if (state.buildRegions && !state.buildRegions.includes(region))
        return error(
          "ERROR: (gcloud.builds.submit) FAILED_PRECONDITION: generic::failed_precondition: no concurrent builds quota available to create builds.",
        );
      return done(() => state.images.push((flag(args, "substitutions") as string).replace(/^_IMAGE=/, "")));
    }
    if (is("run", "services", "describe"))
      return state.serviceDeploy
        ? ok(knativeService(state.serviceDeploy, state.pinnedRevision))
        : error(`ERROR: (gcloud.run.services.describe) Cannot find service [${name}]`);
    if (is("run", "deploy"))
      return done(() => {
        state.serviceDeploy = args;
        // As Cloud Run does: the flag grants every caller the invoker role on the service (under
        // Domain Restricted Sharing gcloud warns that the policy could not be set, and deploys).
        if (args.includes("--allow-unauthenticated") && !state.domainRestricted)
          grant(state.servicePolicy, ["--member=allUsers", "--role=roles/run.invoker"]);
      });
    if (is("run", "services", "update-traffic"))
      return done(() => {
        state.pinnedRevision = args.includes("--to-latest") ? undefined : flag(args, "to-revisions");
      });
    if (is("run", "services", "get-iam-policy")) return policy(state.servicePolicy);
    if (is("run", "services", "add-iam-policy-binding")) {
      if (state.domainRestricted && flag(args, "member") === "allUsers") return error(DRS_REFUSAL);
      return done(() => grant(state.servicePolicy, args));
    }
    throw new Error(`the fake does not know: gcloud ${args.join(" ")}`);
  }

  function wrangler(args: string[], command: Command): CommandResult {
    const [verb, sub] = args;
    if (verb === "whoami")
      return ok("You are logged in with an OAuth Token, associated with the email volunteer@example.org.\n");
    if (verb === "deployments" && sub === "status")
      return state.worker
        ? ok({ id: "d1", versions: [{ version_id: "v-current", percentage: 100 }] })
        : error("✘ [ERROR] The Worker tournament-ops-relay has no deployments.");
    if (verb === "versions" && sub === "view" && state.worker)
      return ok({
        id: args[2],
        annotations: { "workers/tag": state.worker.tag, "workers/message": state.worker.message },
        resources: {
          bindings: [
            { type: "plain_text", name: "LIVE_ALLOWED_ORIGINS", text: state.worker.origins },
            { type: "secret_text", name: "LIVE_PUSH_SECRET" },
          ],
        },
      });
    if (verb === "deploy") {
      const secrets = JSON.parse(command.secretFile?.content.value ?? "{}") as Record<string, string>;
      const origins = (flag(args, "var") as string).replace(/^LIVE_ALLOWED_ORIGINS:/, "");
      state.worker = {
        tag: flag(args, "tag") as string,
        message: flag(args, "message") as string,
        origins,
        secret: secrets.LIVE_PUSH_SECRET ?? "",
      };
      return ok(
        "Uploaded tournament-ops-relay (2.10 sec)\nDeployed tournament-ops-relay triggers (0.40 sec)\n  https://tournament-ops-relay.my-club.workers.dev\nCurrent Version ID: v-current\n",
      );
    }
    throw new Error(`the fake does not know: wrangler ${args.join(" ")}`);
  }

  function publishPages(args: string[], command: Command): CommandResult {
    const token = state.secrets["data-repo-token"]?.values.at(-1);
    if (command.env?.DATA_REPO_TOKEN?.value !== token)
      return error("publish-pages: GitHub refused the token");
    // What is published where: the build a publication takes (`--dist`) is the check's own.
    const target = args.filter((arg) => arg !== "--check" && !arg.startsWith("--dist="));
    if (args.includes("--check"))
      return JSON.stringify(state.pages) === JSON.stringify(target) ? ok("up to date\n") : error("", 3);
    state.pages = target;
    return ok("Published\n");
  }

  function run(kind: "check" | "change", command: Command): CommandResult {
    log.push({ kind, command });
    if (command.program === "gcloud") return gcloud(command.args, command);
    if (command.program === "npx" && command.args[1] === "wrangler")
      return wrangler(command.args.slice(2), command);
    if (command.program === "npm" && command.args.includes("publish-pages"))
      return publishPages(command.args.slice(command.args.indexOf("--") + 1), command);
    throw new Error(`the fake does not know: ${command.program} ${command.args.join(" ")}`);
  }

  const runner: Runner = {
    check: async (command) => run("check", command),
    change: async (command) => run("change", command),
  };
  return { runner, log, state };
}
