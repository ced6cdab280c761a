/** What the setup needs to know; the rest it derives. Flags win over the settings file. */
export interface SetupSettings {
  /** The Google Cloud project id. */
  project: string;
  /** Where the service and its image live (`asia-southeast1`, Singapore, is the nearest to Manila). */
  region: string;
  /**
   * Where Cloud Build runs the image's build. Some projects may build only in a few regions
   * ({@link BUILD_REGIONS}), `asia-southeast1` not among them: `asia-east1` (Taiwan) is one, and near.
   */
  buildRegion: string;
  /** `owner/name` of the data repository. */
  dataRepo: string;
  /** The branch the service publishes to. */
  dataBranch: string;
  /** The branch GitHub Pages serves, where the pages are published (default: the data branch). */
  pagesBranch: string;
  /** Where GitHub Pages serves the pages, ending in `/`: `https://my-club.github.io/tournament-data/`. */
  pagesUrl: string;
  /** The static site with the data, for the pages' config.json: `./` when it is the pages' own site. */
  dataUrl: string;
  /** The Cloud Run service's name. */
  service: string;
  /** The Artifact Registry repository's name. */
  repository: string;
  /** The service's own account (the workbooks are shared with it) and the account builds run as. */
  serviceAccount: string;
  builderAccount: string;
  /** The relay's address, when known before it is deployed again (`npx wrangler deploy` prints it). */
  relayUrl?: string;
  /** Origins the relay lets open sockets besides the pages' own (a custom domain, a second site). */
  extraOrigins: string[];
  /**
   * How Cloud Run lets every caller in (the API authenticates each route itself): `allUsers`
   * holds the Cloud Run Invoker role, or `no-invoker-iam-check` turns that check off for the
   * service, for an organisation whose Domain Restricted Sharing refuses `allUsers`.
   */
  publicAccess: "allUsers" | "no-invoker-iam-check";
  /** The operator's sign-in name. */
  operator: string;
  /** Cloud Run instances kept warm (0: none; 1 on tournament days removes cold starts). */
  minInstances: number;
  maxInstances: number;
}

/** The regions Google's Cloud Build documentation names where a project restricted to a few may still build. */
export const BUILD_REGIONS = [
  "us-central1",
  "us-west2",
  "europe-west1",
  "asia-east1",
  "australia-southeast1",
  "southamerica-east1",
] as const;

/** A setting: its flag, its member in the settings file, and its default when it has one. */
const FIELDS: ReadonlyArray<{ name: keyof SetupSettings; flag: string; fallback?: string | number }> = [
  { name: "project", flag: "--project" },
  { name: "region", flag: "--region", fallback: "asia-southeast1" },
  { name: "buildRegion", flag: "--build-region", fallback: "asia-east1" },
  { name: "dataRepo", flag: "--data-repo" },
  { name: "dataBranch", flag: "--data-branch", fallback: "main" },
  { name: "pagesBranch", flag: "--pages-branch" },
  { name: "pagesUrl", flag: "--pages-url" },
  { name: "dataUrl", flag: "--data-url", fallback: "./" },
  { name: "service", flag: "--service", fallback: "tournament-ops" },
  { name: "repository", flag: "--repository", fallback: "tournament" },
  { name: "serviceAccount", flag: "--service-account", fallback: "tournament-ops" },
  { name: "builderAccount", flag: "--builder-account", fallback: "tournament-ops-builder" },
  { name: "relayUrl", flag: "--relay-url" },
  { name: "extraOrigins", flag: "--extra-origins", fallback: "" },
  { name: "publicAccess", flag: "--public-access", fallback: "allUsers" },
  { name: "operator", flag: "--operator", fallback: "operator" },
  { name: "minInstances", flag: "--min-instances", fallback: 0 },
  { name: "maxInstances", flag: "--max-instances", fallback: 2 },
];

/** The flags the setup takes for its settings, for `parseArgs`. */
export const SETTING_FLAGS = Object.fromEntries(
  FIELDS.map((field) => [field.flag.slice(2), { type: "string" as const }]),
);

const PATTERNS: Partial<Record<keyof SetupSettings, [RegExp, string]>> = {
  project: [
    /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/,
    "a Google Cloud project id (6–30 lower-case letters, digits, hyphens)",
  ],
  region: [/^[a-z]+-[a-z]+\d$/, "a Cloud Run region such as asia-southeast1"],
  buildRegion: [/^([a-z]+-[a-z]+\d|global)$/, "a Cloud Build region such as asia-east1"],
  extraOrigins: [
    /^(https?:\/\/[^/?#,\s]+)(,https?:\/\/[^/?#,\s]+)*$/,
    "origins such as https://results.my-club.org, comma-separated (scheme and host, no path)",
  ],
  publicAccess: [/^(allUsers|no-invoker-iam-check)$/, "allUsers or no-invoker-iam-check"],
  dataRepo: [/^[\w.-]+\/[\w.-]+$/, "owner/name of the data repository"],
  pagesUrl: [/^https:\/\/[^/?#]+(\/[^?#]*)?$/, "the https address GitHub Pages serves the pages at"],
  relayUrl: [/^https:\/\/[^/?#]+\/?$/, "the relay's https address"],
  service: [/^[a-z]([a-z0-9-]{0,47}[a-z0-9])?$/, "a Cloud Run service name"],
  repository: [/^[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/, "an Artifact Registry repository name"],
  serviceAccount: [/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, "a service account name (6–30 characters)"],
  builderAccount: [/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, "a service account name (6–30 characters)"],
  minInstances: [/^\d{1,2}$/, "a whole number"],
  maxInstances: [/^[1-9]\d{0,2}$/, "a whole number from 1"],
};

/**
 * The settings from the flags, then the settings file, then the defaults, checked together: one
 * message names every missing or unusable value, with the flag or member that sets it.
 * @example const settings = setupSettings(values, JSON.parse(file)); if ("problems" in settings) …
 */
export function setupSettings(
  flags: Record<string, string | boolean | undefined>,
  file: Record<string, unknown>,
): SetupSettings | { problems: string[] } {
  const problems: string[] = [];
  const raw: Record<string, string | undefined> = {};
  for (const field of FIELDS) {
    const given = flags[field.flag.slice(2)] ?? file[field.name] ?? field.fallback;
    // A list (extraOrigins) is the flag's comma-separated text, or the file's array.
    const value = (Array.isArray(given) ? given : [given])
      .map((part) => (part === undefined ? "" : String(part).trim()))
      .filter((part) => part !== "")
      .join(",");
    raw[field.name] = value === "" ? undefined : value.replace(/\s*,\s*/g, ",");
    const required = field.fallback === undefined && !["pagesBranch", "relayUrl"].includes(field.name);
    if (raw[field.name] === undefined) {
      if (required) problems.push(`${field.name} (${field.flag}) is missing`);
      continue;
    }
    const pattern = PATTERNS[field.name];
    if (pattern && !pattern[0].test(raw[field.name] as string))
      problems.push(
        `${field.name} (${field.flag}) must be ${pattern[1]}, not ${JSON.stringify(raw[field.name])}`,
      );
  }
  if (Number(raw.minInstances) > Number(raw.maxInstances))
    problems.push("minInstances must not be more than maxInstances");
  if (problems.length > 0) return { problems };
  return {
    ...(raw as Record<string, string>),
    pagesBranch: raw.pagesBranch ?? (raw.dataBranch as string),
    pagesUrl: (raw.pagesUrl as string).replace(/\/*$/, "/"),
    relayUrl: raw.relayUrl?.replace(/\/+$/, ""),
    extraOrigins: raw.extraOrigins === undefined ? [] : raw.extraOrigins.split(","),
    minInstances: Number(raw.minInstances),
    maxInstances: Number(raw.maxInstances),
  } as SetupSettings;
}

/** Names derived from the settings, written once. */
export function namesOf(settings: SetupSettings) {
  const { project, region, repository } = settings;
  return {
    serviceAccountEmail: `${settings.serviceAccount}@${project}.iam.gserviceaccount.com`,
    builderEmail: `${settings.builderAccount}@${project}.iam.gserviceaccount.com`,
    /** Where the image goes, without its tag. */
    imagePath: `${region}-docker.pkg.dev/${project}/${repository}/service`,
    /** The pages' origin, exactly as browsers send it in `Origin`. */
    pagesOrigin: new URL(settings.pagesUrl).origin,
    /** Every origin the relay must let in: the pages' and the extra ones, each once. */
    relayOrigins: [...new Set([new URL(settings.pagesUrl).origin, ...settings.extraOrigins])],
  };
}
