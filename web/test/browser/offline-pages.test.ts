// The desk, score and public pages opened without a network (issue 26, row 6), in a real Chromium
// at phone size against the stack started as `npm start` starts it: each page, opened once online,
// reloads offline from the service worker with what it keeps on the phone (the desk's waiting
// marks and last list, the kept scorer link, the last snapshot) and an "Offline" line; a new build
// takes over on the next open. The worker is the built one (web/dist/sw.js), under the pages'
// Content-Security-Policy as the front sends it.
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { type RunningFront, startFront } from "../../../front/src/index.ts";
import { launchChromium, PHONE, seriousViolations, withoutChromium } from "../support/chromium.ts";
import { workerReady } from "../support/service-worker.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const PEOPLE = "/v3/days/open-sun/facilities/Rizal%20Hall/people";
const presentBox = (page: Page, player: string) => page.getByRole("checkbox", { name: `${player} Present` });

describe("the pages opened without a network, in Chromium, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  const uncaught: string[] = [];
  const refused: string[] = [];
  const contexts: BrowserContext[] = [];
  /** A phone of its own; page errors and anything the Content-Security-Policy refused are collected. */
  const phone = async () => {
    const context = await browser.newContext(PHONE);
    contexts.push(context);
    context.on("page", (opened) => {
      opened.on("pageerror", (error) => uncaught.push(error.message));
      opened.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
      });
    });
    return context;
  };

  before(async () => {
    run = await startStack();
    await run.signIn();
    assert.equal((await run.api("PUT", "/v3/days/open-sat/visibility", { isLive: true })).status, 200);
    assert.equal((await run.api("POST", "/v3/days/open-sat/syncs")).status, 200);
    assert.equal((await run.api("POST", "/v3/days/open-sun/syncs")).status, 200);
    browser = await launchChromium();
  });

  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await run?.stop();
  });

  test("the desk page reloaded offline opens with its list as last read, the waiting marks and an Offline line; back online they are sent", async () => {
    const issued = await run.api("POST", "/v3/days/open-sun/attendance/desk-links", {
      issuedTo: "Front desk",
      note: "Rizal Hall",
    });
    const desk = await phone();
    const page = await desk.newPage();
    await page.goto(`${run.stack.pages["desk"]}#${issued.body.token}`);
    await workerReady(page);
    await presentBox(page, "Mónica Yáñez").waitFor();

    await desk.setOffline(true);
    await page.getByRole("status").filter({ hasText: "Offline: marks wait on this phone" }).waitFor();
    await presentBox(page, "Mónica Yáñez").tap();
    await page.getByText("1 mark is waiting for the connection").waitFor();

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Rizal Hall" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Offline: marks wait on this phone" }).waitFor();
    await page.getByText(/list read \d\d:\d\d/).waitFor();
    assert.equal(await presentBox(page, "Mónica Yáñez").isChecked(), true);
    await page.getByText("Not sent yet").waitFor();
    await page.getByText("1 mark is waiting for the connection").waitFor();
    assert.equal(
      await presentBox(page, "Joaquín Santos").isChecked(),
      false,
      "the rest of the list, as last read",
    );
    assert.equal(await page.getByRole("alert").count(), 0, "offline is not an error");
    assert.deepEqual(await seriousViolations(page), []);

    const landed = page.waitForResponse(
      (response) =>
        response.request().method() === "PUT" && response.url().includes(`${PEOPLE}/monica%20yanez/`),
    );
    await desk.setOffline(false);
    assert.equal((await landed).status(), 200);
    await page.getByText("Not sent yet").waitFor({ state: "detached" });
  });

  test("the score page reloaded offline opens the match with the kept scorer link and the last snapshot", async () => {
    const link = await run.api("POST", "/v3/days/open-sat/scores/scorer-links", {
      issuedTo: "Court 2 umpire",
    });
    const umpire = await phone();
    const page = await umpire.newPage();
    await page.goto(`${run.stack.pages["score"]}#${link.body.token}`);
    await page.getByRole("link", { name: /Match 105/ }).tap();
    await page.getByRole("heading", { level: 1, name: "Match 105" }).waitFor();
    await workerReady(page);
    await page.getByRole("heading", { level: 1, name: "Match 105" }).waitFor();
    // The first snapshot is kept at once; wait for the write.
    await page.waitForFunction(() => localStorage.getItem("tournament-ops.kept-snapshot.score") !== null);

    await umpire.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Match 105" }).waitFor();
    await page.getByText("Scorer link: Court 2 umpire").waitFor();
    await page.getByText(/On the sheet: /).waitFor();
    await page.getByRole("status").filter({ hasText: "Offline: results as last seen" }).waitFor();
    await page.getByText(/updated \d\d:\d\d/).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await umpire.setOffline(false);
  });

  test("the public page reloaded offline shows the day as last seen, with an Offline line", async () => {
    const spectator = await phone();
    const page = await spectator.newPage();
    await page.goto(`${run.stack.pages["public"]}?day=open-sat`);
    await workerReady(page);
    await page.getByRole("listitem").filter({ hasText: "Match 101:" }).waitFor();
    await page.waitForFunction(() => localStorage.getItem("tournament-ops.kept-snapshot.public") !== null);

    await spectator.setOffline(true);
    await page.reload();
    await page.getByRole("status").filter({ hasText: "Offline: results as last seen" }).waitFor();
    await page.getByRole("listitem").filter({ hasText: "Match 101:" }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await spectator.setOffline(false);
  });

  test("a new build takes over on the next open, and is the one opened offline after it", async () => {
    // A front of its own on a copy of the build, so this test can publish a "new build" into it.
    const pages = await mkdtemp(join(tmpdir(), "tops-pages-build-"));
    let front: RunningFront | undefined;
    try {
      await cp(DIST, pages, { recursive: true });
      front = await startFront({
        pagesDir: pages,
        dataDir: join(run.stack.dir, "data"),
        service: run.stack.service,
        relay: run.stack.relay,
        port: 0,
      });
      const origin = `http://127.0.0.1:${front.port}`;
      const spectator = await phone();
      const page = await spectator.newPage();
      await page.goto(`${origin}/public/`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await workerReady(page);
      assert.equal(await page.locator('meta[name="build"]').count(), 0);

      // The next build: its public page differs, and so does its worker's list of files.
      const html = join(pages, "public/index.html");
      await writeFile(
        html,
        (await readFile(html, "utf8")).replace("<head>", '<head><meta name="build" content="next">'),
      );
      const worker = join(pages, "sw.js");
      const source = await readFile(worker, "utf8");
      const next = source.replace(/("revision":")[0-9a-f]+(","url":"public\/index\.html")/, "$1next$2");
      assert.notEqual(next, source, "the built worker lists public/index.html with its revision");
      await writeFile(worker, next);

      await page.goto(`${origin}/public/`);
      await page.locator('meta[name="build"][content="next"]').waitFor({ state: "attached" });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      // The new worker has installed (its precache holds the new page) and activated (the old one is gone).
      await page.waitForFunction(
        async () => {
          const keys = (
            await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()))
          )
            .flat()
            .filter((request) => request.url.includes("/public/index.html"));
          if (keys.length !== 1 || !keys[0]?.url.includes("__WB_REVISION__=next")) return false;
          // The entry holds the new page itself, not only its new name.
          const kept = await caches.match(keys[0]);
          return (await kept?.text())?.includes('content="next"') === true;
        },
        undefined,
        { polling: 100, timeout: 30_000 },
      );
      await workerReady(page);

      await spectator.setOffline(true);
      // Opened until the worker answers (`workerReady`): once, on a loaded machine, the first opening
      // after the new worker took over showed an older copy without the worker answering it (Chromium
      // writes a new worker's registration down a moment after it takes control). What the worker
      // answers must be the new build.
      await workerReady(page);
      await page.getByRole("heading", { level: 1 }).waitFor();
      // Waited for, not counted at once: once on CI the count ran while the page was still being
      // replaced. What the page holds is named if it never comes.
      await page
        .locator('meta[name="build"][content="next"]')
        .waitFor({ state: "attached", timeout: 15_000 })
        .catch(async (error: unknown) => {
          const head = await page.evaluate(() => document.head.innerHTML.slice(0, 400)).catch(String);
          assert.fail(`the new build, offline: not on the page (${String(error)}); its head: ${head}`);
        });
      await spectator.setOffline(false);
    } finally {
      await front?.close();
      await rm(pages, { recursive: true, force: true });
    }
  });

  test("a page load the network refuses (404) opens the precached page, not the refusal (issue 35, M1)", async () => {
    // A front of its own on a copy of the build, whose public page is then taken away: the front
    // answers 404 for it, as a busy or refusing front answers 4xx/5xx.
    const pages = await mkdtemp(join(tmpdir(), "tops-pages-refused-"));
    let front: RunningFront | undefined;
    try {
      await cp(DIST, pages, { recursive: true });
      front = await startFront({
        pagesDir: pages,
        dataDir: join(run.stack.dir, "data"),
        service: run.stack.service,
        relay: run.stack.relay,
        port: 0,
      });
      const origin = `http://127.0.0.1:${front.port}`;
      const spectator = await phone();
      const page = await spectator.newPage();
      await page.goto(`${origin}/public/?day=open-sat`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await workerReady(page);
      await rename(join(pages, "public/index.html"), join(pages, "public/away.html"));
      const refusal = await fetch(`${origin}/public/`);
      assert.equal(refusal.status, 404, "the network refuses the page");
      await page.reload();
      await page.getByRole("heading", { level: 1 }).waitFor();
      assert.doesNotMatch(await page.locator("body").innerText(), /not found/);
      const made = await page.goto(`${origin}/made-up/`);
      assert.equal(made?.status(), 404, "an address of no page keeps the network's answer");
    } finally {
      await front?.close();
      await rm(pages, { recursive: true, force: true });
    }
  });

  test("no page error was thrown and the Content-Security-Policy refused nothing", () => {
    assert.deepEqual(uncaught, []);
    assert.deepEqual(refused, []);
  });
});
