import type { Config } from "../config/environment.ts";
import type { Stack } from "../config/stack.ts";
import type { Registry } from "../registry/types.ts";
import { type Check, fail, pass, warn } from "./check.ts";

/** What the service's own settings say, as the preflight reads them (never a secret's value). */
export type ServiceSettings = Pick<Config, "auth" | "live" | "pagesUrl">;

const SUBJECT = "the service's environment";

/** The fix of an unset variable: deploy/setup in production, the service's environment on a laptop. */
function setIt(stack: Stack, what: string, local: string): string {
  return stack === "production"
    ? `Run deploy/setup: it ${what} (docs/deployment.md, section 3).`
    : `${local}, or start the local stack with \`npm start\`, which sets it from its folder's .env.`;
}

/** The names of the variables whose value is missing, in the order given. */
const unsetOf = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);

/** `A is not set`, `A and B are not set`. */
const notSet = (names: readonly string[]) =>
  `${names.join(" and ")} ${names.length === 1 ? "is" : "are"} not set`;

/** What a missing setting is where the service runs: the day fails in production; a laptop can do without. */
const missing = (stack: Stack, detail: string, fix: string) =>
  stack === "production"
    ? fail("service-settings", SUBJECT, detail, fix)
    : warn("service-settings", SUBJECT, detail, fix);

/** Both halves of the console's sign-in: the operator's password hash and the tokens' key. */
function signIn(settings: ServiceSettings, stack: Stack): Check {
  const unset = unsetOf({
    AUTH_PASSWORD_HASH: settings.auth.passwordHash,
    AUTH_TOKEN_SECRET: settings.auth.tokenSecret,
  });
  if (unset.length === 0)
    return pass(
      "service-settings",
      SUBJECT,
      "the console's sign-in is set up (AUTH_PASSWORD_HASH, AUTH_TOKEN_SECRET)",
    );
  return fail(
    "service-settings",
    SUBJECT,
    `nobody can sign in to the console: ${notSet(unset)}${
      settings.auth.tokenSecret === undefined ? ", and no desk or scorer link can be issued" : ""
    }`,
    setIt(
      stack,
      "makes the auth-password-hash and auth-token-secret secrets and gives them to the service",
      "Set AUTH_PASSWORD_HASH (`npm run -s hash-password` makes it) and AUTH_TOKEN_SECRET (32 random characters)",
    ),
  );
}

function syncSecret(settings: ServiceSettings, stack: Stack): Check {
  if (settings.auth.syncSharedSecret !== undefined)
    return pass(
      "service-settings",
      SUBJECT,
      "the workbooks' edit triggers have a sync secret to send (SYNC_SHARED_SECRET)",
    );
  return fail(
    "service-settings",
    SUBJECT,
    "SYNC_SHARED_SECRET is not set, so every workbook's edit trigger is refused (401) and no edit syncs by itself",
    setIt(stack, "makes the sync-shared-secret secret and gives it to the service", "Set SYNC_SHARED_SECRET"),
  );
}

/**
 * Live push: both variables set (the relay checks say the rest); or off on purpose (`livePush:
 * false` in the registry), which is one line; or off because a variable is missing, which fails in
 * production: the pages would lag a GitHub Pages build behind, and score saves be serialised per
 * instance only.
 */
function livePush(
  settings: ServiceSettings,
  registry: Registry | undefined,
  stack: Stack,
): Check | undefined {
  const unset = unsetOf({ LIVE_PUSH_URL: settings.live.pushUrl, LIVE_PUSH_SECRET: settings.live.pushSecret });
  if (registry?.livePush === false)
    return pass(
      "service-settings",
      SUBJECT,
      'live push is off on purpose ("livePush": false in the registry): the pages read the published file every 30 s',
    );
  if (unset.length === 0) return undefined;
  const detail = `live push is off: ${notSet(unset)}, so the pages read the published file every 30 s (behind each GitHub Pages build) and score saves are not serialised across instances`;
  const fix = setIt(
    stack,
    'deploys the relay and sets LIVE_PUSH_URL and LIVE_PUSH_SECRET; or, to run without it on purpose, set "livePush": false in the registry',
    "Set LIVE_PUSH_URL and LIVE_PUSH_SECRET to the relay's address and secret",
  );
  return missing(stack, detail, fix);
}

function pagesUrl(settings: ServiceSettings, stack: Stack): Check | undefined {
  if (settings.pagesUrl !== undefined) return undefined;
  const detail =
    "PAGES_URL is not set: the scoresheets print no QR code, and the pages' config.json and the relay's origins cannot be checked";
  return missing(
    stack,
    detail,
    setIt(stack, "sets PAGES_URL to the pagesUrl setting", "Set PAGES_URL to where the pages are served"),
  );
}

/**
 * The service's own environment as the day needs it: the console's sign-in, the triggers' sync
 * secret, live push (or its deliberate absence) and the pages' address.
 * @example checks.push(...settingsChecks(config, registry, stackOf(config)));
 */
export function settingsChecks(
  settings: ServiceSettings,
  registry: Registry | undefined,
  stack: Stack,
): Check[] {
  return [
    signIn(settings, stack),
    syncSecret(settings, stack),
    livePush(settings, registry, stack),
    pagesUrl(settings, stack),
  ].filter((check) => check !== undefined);
}
