// The pages as publish-pages commits them, served from another origin than the service and the
// relay (as GitHub Pages serves them), open in Chromium under their <meta> Content-Security-Policy
// without a single violation: the policy lets the pages do all they do, and no more.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { type RunningRelay, startRelay } from "../../relay/test/helpers.ts";
import { ensurePages } from "../../scripts/start/pages.mjs";
import { launchChromium, PHONE, withoutChromium } from "../../web/test/support/chromium.ts";
import { pageFiles } from "../src/pages/page-files.ts";

const WEB = fileURLToPath(new URL("../../web/", import.meta.url));
const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript",
  css: "text/css",
  json: "application/json",
  png: "image/png",
};

const registry = {
  version: 1,
  defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
  events: {
    "city-open": {
      type: "standard",
      title: "City Open",
      days: { "open-sat": { label: "Saturday", date: "2026-11-28", isLive: true, facilities: [] } },
    },
  },
};

describe("the published pages under their meta Content-Security-Policy, in Chromium", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let site: Server;
  let siteUrl: string;
  let relay: RunningRelay;
  let browser: Browser;

  before(async () => {
    // The real build: web/dist as `npm start` builds it (once for the whole test run), read only.
    const { dist } = await ensurePages(WEB);
    const files = new Map<string, Buffer>();
    site = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).replace(/^\//, "");
      const body = files.get(path.endsWith("/") || path === "" ? `${path}index.html` : path);
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, {
        "content-type": TYPES[path.split(".").pop() ?? ""] ?? "text/html; charset=utf-8",
      });
      res.end(body);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    relay = await startRelay({ secret: "s", allowedOrigins: [new URL(siteUrl).origin] });
    // The service on another origin (nothing listens there: the pages must not need it to open).
    const published = await pageFiles(
      dist,
      { apiUrl: "http://127.0.0.1:9", liveUrl: relay.url, dataUrl: "./" },
      siteUrl,
    );
    for (const [path, bytes] of published) files.set(path, bytes);
    files.set("config/events.json", Buffer.from(JSON.stringify(registry)));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await relay?.dispose();
    await new Promise((resolve) => site?.close(resolve));
  });

  /** Opens a page of the site and collects every policy violation it reports. */
  async function open(path: string): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    await page.goto(`${siteUrl}${path}`);
    return { page, violations };
  }

  test("every page carries the policy in its head, and it is enforced: an inline script is refused", async () => {
    const { page, violations } = await open("public/");
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    assert.match(
      policy ?? "",
      /^default-src 'self'; connect-src 'self' http:\/\/127\.0\.0\.1:9 http:\/\/127\.0\.0\.1:\d+ ws:\/\/127\.0\.0\.1:\d+; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'$/,
    );
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.head.append(script);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    assert.equal(ran, false, "an inline script ran");
    // The report arrives through the page's event and the console, a moment after the refusal.
    for (let waited = 0; violations.length === 0 && waited < 5_000; waited += 50)
      await page.waitForTimeout(50);
    assert.ok(
      violations.some((v) => /script-src/.test(v)),
      `the refusal is reported: ${violations.join(" | ")}`,
    );
    await page.context().close();
  });

  test("the public page lists the events and follows a day over the relay's socket with no violation", async () => {
    const { page, violations } = await open("public/");
    await page.getByRole("heading", { name: "City Open" }).waitFor();
    await page.getByRole("link", { name: /Saturday/ }).click();
    await page
      .getByText(/Live|published/i)
      .first()
      .waitFor();
    await page.screenshot({ path: join(tmpdir(), "pages-csp-public.png") });
    // Styles applied: the page's own stylesheet, not the browser's default serif.
    assert.doesNotMatch(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /^"?Times/);
    assert.deepEqual(violations, []);
    await page.context().close();
  });

  test("the console opens its sign-in with no violation", async () => {
    const { page, violations } = await open("console/");
    await page.getByRole("button", { name: /sign in/i }).waitFor();
    assert.deepEqual(violations, []);
    await page.context().close();
  });
});
