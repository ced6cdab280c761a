import type { SetupContext } from "./context.ts";
import { SECRETS } from "./secret-list.ts";

/**
 * The Cloud Run settings of the service, each with its reason (docs/deployment.md, "Cloud Run
 * settings", says more).
 */
export const CLOUD_RUN = {
  /**
   * Two 1,000-sheet scoresheet renders took the service from 169 to 356 MB of RSS, and 200 hostile
   * sign-ins to 353 MB; the default 512 MiB would leave too little for syncs beside them, and a
   * container over its limit is killed with every request in flight.
   */
  memory: "1Gi",
  /** One vCPU: the service mostly waits on the Sheets and GitHub APIs; renders queue in their own pool. */
  cpu: "1",
  /**
   * Not throttled between requests: the service keeps working after it answers — the trailing
   * commit of a day's snapshot (ARCHIVE_MIN_INTERVAL_MS after a sync), commits held back by a
   * GitHub rate limit, the five-minute flush of link uses. Throttled, those wait for the next
   * request, or never run before the instance is stopped.
   */
  cpuThrottling: false,
  /** More CPU while an instance starts, so a cold start answers sooner. */
  startupCpuBoost: true,
  /** HTTP/2 streams at once per instance: a venue's phones and triggers are tens; renders and Sheets calls have their own bounds. */
  concurrency: 80,
  /** Seconds a request may take: a long scoresheet stream fits; a stuck one does not hold the instance. */
  timeoutSeconds: 300,
} as const;

/** What the service runs with: the image, its settings and its environment. */
export interface ServiceSpec {
  image: string;
  serviceAccount: string;
  minInstances: number;
  maxInstances: number;
  env: Record<string, string>;
  /** Variable → Secret Manager secret and version (`data-repo-token:3`): a new version is a new revision. */
  secrets: Record<string, string>;
  /** How every caller is let in (`SetupSettings.publicAccess`). */
  publicAccess: "allUsers" | "no-invoker-iam-check";
}

/** The spec for this setup, with the relay's address. */
export function serviceSpec(ctx: SetupContext, image: string, relayUrl: string): ServiceSpec {
  const { settings, names } = ctx;
  return {
    image,
    serviceAccount: names.serviceAccountEmail,
    minInstances: settings.minInstances,
    maxInstances: settings.maxInstances,
    env: {
      SHEETS_BACKEND: "google",
      DATA_BACKEND: "github",
      DATA_REPO: settings.dataRepo,
      DATA_BRANCH: settings.dataBranch,
      // Cloud Run's front end is the one proxy before the service: the sign-in throttle counts callers.
      TRUST_PROXY_HOPS: "1",
      LIVE_PUSH_URL: relayUrl,
      PAGES_URL: settings.pagesUrl.replace(/\/+$/, ""),
      SERVICE_ACCOUNT_EMAIL: names.serviceAccountEmail,
      // Each instance keeps its own write budget: together they stay inside GitHub's 80 content
      // writes a minute and 500 an hour for the token.
      DATA_REPO_WRITES_PER_MINUTE: String(Math.floor(80 / settings.maxInstances)),
      DATA_REPO_WRITES_PER_HOUR: String(Math.floor(500 / settings.maxInstances)),
    },
    secrets: Object.fromEntries(
      SECRETS.map((secret) => [
        secret.variable,
        `${secret.name}:${ctx.secretVersions.get(secret.name) ?? "latest"}`,
      ]),
    ),
    publicAccess: settings.publicAccess,
  };
}

/** The `gcloud run deploy` arguments for a spec. */
export function deployArgs(ctx: SetupContext, spec: ServiceSpec): string[] {
  const list = (entries: Record<string, string>) => {
    const text = Object.entries(entries).map(([name, value]) => `${name}=${value}`);
    if (text.some((entry) => entry.includes(",")))
      throw new Error("a value with a comma cannot be set this way");
    return text.join(",");
  };
  return [
    "run",
    "deploy",
    ctx.settings.service,
    ...ctx.regional,
    `--image=${spec.image}`,
    `--service-account=${spec.serviceAccount}`,
    // End-to-end HTTP/2: Cloud Run speaks h2c to the container, the only protocol the service takes.
    "--use-http2",
    // The API authenticates every route itself; Cloud Run lets every caller reach it: allUsers
    // holds the invoker role, or (Domain Restricted Sharing refuses allUsers) the check is off.
    ...(spec.publicAccess === "allUsers"
      ? ["--invoker-iam-check", "--allow-unauthenticated"]
      : ["--no-invoker-iam-check"]),
    `--memory=${CLOUD_RUN.memory}`,
    `--cpu=${CLOUD_RUN.cpu}`,
    CLOUD_RUN.cpuThrottling ? "--cpu-throttling" : "--no-cpu-throttling",
    CLOUD_RUN.startupCpuBoost ? "--cpu-boost" : "--no-cpu-boost",
    `--concurrency=${CLOUD_RUN.concurrency}`,
    `--timeout=${CLOUD_RUN.timeoutSeconds}`,
    `--min-instances=${spec.minInstances}`,
    `--max-instances=${spec.maxInstances}`,
    `--set-env-vars=${list(spec.env)}`,
    `--set-secrets=${list(spec.secrets)}`,
    "--quiet",
  ];
}

/** A Cloud Run service as `gcloud run services describe --format=json` prints it (Knative serving v1). */
export interface DescribedService {
  metadata?: { annotations?: Record<string, string> };
  spec?: {
    /** Where the traffic goes; a deploy leaves a split or a pinned revision as it is. */
    traffic?: { latestRevision?: boolean; percent?: number; revisionName?: string }[];
    template?: {
      metadata?: { annotations?: Record<string, string> };
      spec?: {
        containerConcurrency?: number;
        timeoutSeconds?: number;
        serviceAccountName?: string;
        containers?: {
          image?: string;
          ports?: { name?: string; containerPort?: number }[];
          env?: {
            name: string;
            value?: string;
            valueFrom?: { secretKeyRef?: { name?: string; key?: string } };
          }[];
          resources?: { limits?: { cpu?: string; memory?: string } };
        }[];
      };
    };
  };
  status?: { url?: string };
}

/** Whether every request goes to the newest revision (not pinned to one by a rollback, nor split). */
export function servesLatest(service: DescribedService): boolean {
  const traffic = service.spec?.traffic;
  return traffic === undefined || (traffic.length === 1 && traffic[0]?.latestRevision === true);
}

/** `1000m` and `1` are the same CPU. */
const cpuOf = (value: string | undefined) =>
  value?.endsWith("m") ? String(Number(value.slice(0, -1)) / 1000) : value;

/**
 * How the running service differs from the spec, one phrase per difference; empty when it is
 * right. A revision-level scale annotation is read first, then the service-level one.
 */
export function serviceDifferences(spec: ServiceSpec, service: DescribedService): string[] {
  const template = service.spec?.template;
  const annotations = template?.metadata?.annotations ?? {};
  const serviceAnnotations = service.metadata?.annotations ?? {};
  const container = template?.spec?.containers?.[0];
  const found: Record<string, unknown> = {
    image: container?.image,
    "service account": template?.spec?.serviceAccountName,
    "HTTP/2 end to end": container?.ports?.[0]?.name === "h2c",
    memory: container?.resources?.limits?.memory,
    cpu: cpuOf(container?.resources?.limits?.cpu),
    "CPU throttling": (annotations["run.googleapis.com/cpu-throttling"] ?? "true") === "true",
    "startup CPU boost": annotations["run.googleapis.com/startup-cpu-boost"] === "true",
    concurrency: template?.spec?.containerConcurrency,
    "time-out": template?.spec?.timeoutSeconds,
    "minimum instances": Number(
      annotations["autoscaling.knative.dev/minScale"] ??
        serviceAnnotations["run.googleapis.com/minScale"] ??
        0,
    ),
    "maximum instances": Number(
      annotations["autoscaling.knative.dev/maxScale"] ??
        serviceAnnotations["run.googleapis.com/maxScale"] ??
        Number.NaN,
    ),
    "invoker IAM check": serviceAnnotations["run.googleapis.com/invoker-iam-disabled"] !== "true",
  };
  const wanted: Record<string, unknown> = {
    image: spec.image,
    "service account": spec.serviceAccount,
    "HTTP/2 end to end": true,
    memory: CLOUD_RUN.memory,
    cpu: CLOUD_RUN.cpu,
    "CPU throttling": CLOUD_RUN.cpuThrottling,
    "startup CPU boost": CLOUD_RUN.startupCpuBoost,
    concurrency: CLOUD_RUN.concurrency,
    "time-out": CLOUD_RUN.timeoutSeconds,
    "minimum instances": spec.minInstances,
    "maximum instances": spec.maxInstances,
    "invoker IAM check": spec.publicAccess === "allUsers",
  };
  const differences = Object.keys(wanted)
    .filter((name) => found[name] !== wanted[name])
    .map((name) => `${name} is ${String(found[name] ?? "unset")}, not ${String(wanted[name])}`);
  const env = new Map<string, string>();
  for (const entry of container?.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    env.set(entry.name, ref ? `secret ${ref.name}:${ref.key}` : (entry.value ?? ""));
  }
  const wantedEnv = new Map<string, string>([
    ...Object.entries(spec.env),
    ...Object.entries(spec.secrets).map(([variable, ref]): [string, string] => [variable, `secret ${ref}`]),
  ]);
  for (const name of new Set([...env.keys(), ...wantedEnv.keys()]))
    if (env.get(name) !== wantedEnv.get(name))
      differences.push(
        `${name} is ${env.has(name) ? JSON.stringify(env.get(name)) : "unset"}, not ${wantedEnv.has(name) ? JSON.stringify(wantedEnv.get(name)) : "unset"}`,
      );
  return differences;
}
