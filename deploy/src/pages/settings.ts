import type { Deployed } from "../shared/deployed.ts";
import type { PagesAddresses } from "./content-security-policy.ts";

/** Where and what `npm run publish-pages` publishes. */
export interface PagesSettings {
  repo: string;
  branch: string;
  /** `""` or a folder ending in `/`. */
  folder: string;
  /** Where GitHub Pages serves `folder`, ending in `/`. */
  pagesUrl: string;
  addresses: PagesAddresses;
}

type Flags = Partial<
  Record<"repo" | "branch" | "folder" | "pages-url" | "api-url" | "live-url" | "data-url", string>
>;

const isUrl = (value: string | undefined) => value !== undefined && /^https?:\/\/[^/]/.test(value);

/**
 * The settings from the flags, then what deploy/setup recorded, then the service's variables;
 * every missing or unusable value named in one list.
 * @example const settings = pagesSettings(values, process.env, await readDeployed());
 */
export function pagesSettings(
  flags: Flags,
  env: Record<string, string | undefined>,
  deployed: Deployed,
): PagesSettings | { problems: string[] } {
  const problems: string[] = [];
  const repo = flags.repo ?? deployed.dataRepo ?? env.DATA_REPO;
  if (repo === undefined || !/^[\w.-]+\/[\w.-]+$/.test(repo)) problems.push("--repo must be owner/name");
  const branch = flags.branch ?? deployed.pagesBranch ?? env.DATA_BRANCH ?? "main";
  const trimmed = (flags.folder ?? "").replace(/^\/+|\/+$/g, "");
  const pagesUrl = flags["pages-url"] ?? deployed.pagesUrl;
  if (!isUrl(pagesUrl)) problems.push("--pages-url must be where GitHub Pages serves the pages (https://…)");
  const apiUrl = flags["api-url"] ?? deployed.serviceUrl;
  if (!isUrl(apiUrl)) problems.push("--api-url must be the service's Cloud Run URL (https://…run.app)");
  const liveUrl = flags["live-url"] ?? deployed.relayUrl;
  if (!isUrl(liveUrl)) problems.push("--live-url must be the relay's URL (https://…workers.dev)");
  const dataUrl = flags["data-url"] ?? deployed.dataUrl ?? "./";
  if (problems.length > 0) return { problems };
  return {
    repo: repo as string,
    branch,
    folder: trimmed === "" ? "" : `${trimmed}/`,
    pagesUrl: (pagesUrl as string).replace(/\/*$/, "/"),
    addresses: { apiUrl: apiUrl as string, liveUrl: liveUrl as string, dataUrl },
  };
}
