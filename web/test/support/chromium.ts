/**
 * Debian's Chromium driven through playwright-core (Playwright's own browser download is not
 * used). Without it the browser tests are reported as skipped with the command that installs it.
 * Under `npm test` one Chromium serves the whole run (scripts/run-tests.mjs starts it), each file
 * connecting to it and closing only its own contexts.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  type Browser,
  type BrowserContext,
  type BrowserServer,
  chromium,
  type Page,
  type Request,
} from "playwright-core";
import { onRunClock } from "./moved-clock.ts";

export const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
export const INSTALL_CHROMIUM = "apt-get install -y chromium";

/** `false` when Chromium is there; otherwise why the browser tests are skipped and how to fix it. */
export const withoutChromium: string | false = existsSync(CHROMIUM)
  ? false
  : `Chromium is not installed (${CHROMIUM}); install it with: ${INSTALL_CHROMIUM}`;

/** A phone as people hold one at a venue: 360 × 740, touch. */
export const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
/** A laptop. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The address of the run's shared Chromium (Playwright's protocol), when the test runner started one. */
const SHARED_CHROMIUM = process.env["TOPS_SHARED_CHROMIUM"];

/** Chromium's flags: without the background-networking ones this closed network refuses its connections. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Chromium's environment: the tests' own, without libfaketime. A run with the machine's clock moved
 * (`faketime … node scripts/run-tests.mjs`) preloads it into every process, and Chromium under it
 * takes tens of seconds to open a page; the browser keeps the machine's clock, its pages' `Date`
 * shifted onto the run's (./moved-clock.ts), and a test that depends on a page's time sets it with
 * Playwright's `page.clock`.
 */
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined && entry[0] !== "LD_PRELOAD" && !entry[0].startsWith("FAKETIME"),
  ),
);

const LAUNCH = { executablePath: CHROMIUM, args: CHROMIUM_ARGS, env };

/**
 * A headless Chromium: the run's shared one when there is one (`close()` then closes this file's
 * contexts and disconnects), else a new one; Playwright gives every launch a fresh temporary
 * profile and removes it on close.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await (SHARED_CHROMIUM === undefined
    ? chromium.launch(LAUNCH)
    : chromium.connect(SHARED_CHROMIUM));
  return onRunClock(browser, env);
}

/**
 * A new context of `browser` (`device`: {@link PHONE}, {@link DESKTOP}, …) whose every page reports
 * its uncaught errors into `uncaught` (for a file's last "no page error" test), and each request it
 * sends to `onRequest` when given.
 */
export async function reportingContext(
  browser: Browser,
  device: Parameters<Browser["newContext"]>[0],
  uncaught: string[],
  onRequest?: (request: Request) => void,
): Promise<BrowserContext> {
  const context = await browser.newContext(device);
  context.on("page", (opened) => {
    opened.on("pageerror", (error) => uncaught.push(error.message));
    if (onRequest !== undefined) opened.on("request", onRequest);
  });
  return context;
}

/** The Chromium a whole test run shares, listening on loopback for {@link launchChromium}. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ ...LAUNCH, host: "127.0.0.1" });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations of impact serious or critical on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: an inline <script> tag would be refused by the pages'
  // Content-Security-Policy (script-src 'self'), as it should be. Once per page load.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: { resultTypes: string[] },
          ): Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}
