import type { RepositoryAccess } from "../ports/access-probe.ts";
import { REGISTRY_PATH } from "../registry/store.ts";
import { endOfManilaDay, formatManilaDateTime } from "../shared/manila-time.ts";
import { type Check, fail, pass, warn } from "./check.ts";

/** A token that expires sooner than this after the check is a warning even with no day in sight. */
const EXPIRY_WARNING_MS = 14 * 24 * 3_600_000;

const STORE_TOKEN =
  "store it as the data-repo-token secret (`gcloud secrets versions add data-repo-token --data-file=-`) and deploy the service again";

/**
 * Whether the service may read the registry and write to the data repository on its branch,
 * from what the access probe found.
 * @example const check = repositoryCheck(await probe.repository(REGISTRY_PATH));
 */
export function repositoryCheck(access: RepositoryAccess): Check {
  const at = access.location;
  const where = `${REGISTRY_PATH} on ${at}`;
  switch (access.read) {
    case "missing":
      return fail(
        "repository",
        at,
        `${where} is not there, or the token cannot see the repository`,
        `Commit the registry as ${REGISTRY_PATH} (start from config/events.example.json) and check that DATA_REPO names the repository the token may read.`,
      );
    case "no-branch":
      return fail(
        "repository",
        at,
        `the branch of ${at} does not exist`,
        "Create the branch in the data repository, or set DATA_BRANCH to the branch that holds the registry.",
      );
    case "bad-token":
      return fail(
        "repository",
        at,
        "GitHub refused the token (bad credentials: revoked, expired or mistyped)",
        `Make a new fine-grained token with Contents: Read and write on this repository alone and ${STORE_TOKEN}.`,
      );
    case "forbidden":
      return fail(
        "repository",
        at,
        "GitHub refuses this token for this repository",
        "Grant the token this repository (and authorise it for the organisation's single sign-on, if it has one).",
      );
    case "rate-limited":
      return warn(
        "repository",
        at,
        "GitHub is rate-limiting this token, so its access could not be checked",
        "Run the preflight again in a few minutes.",
      );
    case "unreachable":
      return warn(
        "repository",
        at,
        `the data repository could not be reached: ${access.cause ?? "no answer"}`,
        "Run the preflight again in a minute; if it persists, look at githubstatus.com, and check that the service reaches GITHUB_API_URL (api.github.com unless set).",
      );
    default:
      return writeCheck(access);
  }
}

function writeCheck(access: RepositoryAccess): Check {
  const at = access.location;
  switch (access.write) {
    case "ok":
      return pass(
        "repository",
        at,
        "the registry reads, and a write to the branch is accepted with the token",
      );
    case "read-only":
      return fail(
        "repository",
        at,
        "the token may read the repository but not write to it, so nothing can be published",
        `Give the token Contents: Read and write on this repository and ${STORE_TOKEN}.`,
      );
    case "protected":
      return fail(
        "repository",
        at,
        "a branch protection rule refuses direct writes to the branch",
        "Allow direct pushes to this branch (no required pull requests or status checks on it), or publish to another branch with DATA_BRANCH.",
      );
    case "bad-token":
      return fail(
        "repository",
        at,
        "GitHub refused the token when writing",
        `Make a new token with Contents: Read and write on this repository and ${STORE_TOKEN}.`,
      );
    case undefined:
      return pass("repository", at, "the registry reads (a write cannot be tried on this file)");
    default:
      return warn(
        "repository",
        at,
        `the write check could not be completed (${access.write}${access.cause ? `: ${access.cause}` : ""})`,
        "Run the preflight again in a minute.",
      );
  }
}

/**
 * Whether the repository token outlives the tournament: a failure when GitHub says it expires
 * before the end (Asia/Manila) of the last coming day, a pass when it outlives that day, and with
 * no dated day ahead a warning within two weeks.
 * `undefined` when the host said nothing about an expiry.
 */
export function tokenExpiryCheck(
  access: RepositoryAccess,
  lastDay: { key: string; date: string } | undefined,
  now: number,
): Check | undefined {
  if (access.tokenExpiresAt === undefined) return undefined;
  const expires = Date.parse(access.tokenExpiresAt);
  const when = `${formatManilaDateTime(expires)} (Manila)`;
  const renew = `Make a new token that lasts past the tournament and ${STORE_TOKEN}.`;
  if (expires <= now) return fail("token-expiry", access.location, `the token expired on ${when}`, renew);
  if (lastDay && expires < endOfManilaDay(lastDay.date))
    return fail(
      "token-expiry",
      access.location,
      `the token expires on ${when}, before the end of ${lastDay.key} (${lastDay.date})`,
      renew,
    );
  if (lastDay)
    return pass(
      "token-expiry",
      access.location,
      `the token expires on ${when}, after ${lastDay.key} (${lastDay.date})`,
    );
  if (expires - now < EXPIRY_WARNING_MS)
    return warn("token-expiry", access.location, `the token expires soon, on ${when}`, renew);
  return pass("token-expiry", access.location, `the token expires on ${when}`);
}
