// Issue 35, row L1, in a real Chromium at phone size (360 px) against the stack as `npm start`
// starts it: the desk's kept list (the offline copy of its hall's people) is tied to the link that
// read it (a SHA-256 of its token) and its expiry. Offline, a made-up unsigned link naming the same
// day and hall shows none of it; online, once the service refuses the link, the names leave the
// screen at once, and the page reloaded offline shows none of them either.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, PHONE, seriousViolations, withoutChromium } from "../support/chromium.ts";
import { workerReady } from "../support/service-worker.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

const KEPT_LIST = "tournament-ops.desk-list";
const presentBox = (page: Page, player: string) => page.getByRole("checkbox", { name: `${player} Present` });
const kept = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEPT_LIST);

/** An unsigned desk token naming `day` (the payload a real one has; the signature made up). */
function madeUpToken(day: string): string {
  const payload = {
    exp: Date.now() + 86_400_000,
    scope: "attendance-desk",
    day,
    to: "Front desk",
    note: "Rizal Hall",
  };
  return `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${Buffer.alloc(32, 7).toString("base64url")}`;
}

describe("the desk's kept list belongs to its link (issue 35, L1), in Chromium at 360 px", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let desk: BrowserContext;
  const uncaught: string[] = [];

  before(async () => {
    run = await startStack();
    await run.signIn();
    assert.equal((await run.api("POST", "/v3/days/open-sun/syncs")).status, 200);
    browser = await launchChromium();
    desk = await browser.newContext(PHONE);
    desk.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
  });
  after(async () => {
    await desk?.close();
    await browser?.close();
    await run?.stop();
  });

  test("offline, a made-up link naming the same day and hall shows none of the kept list", async () => {
    const issued = await run.api("POST", "/v3/days/open-sun/attendance/desk-links", {
      issuedTo: "Front desk",
      note: "Rizal Hall",
    });
    assert.equal(issued.status, 201);
    const page = await desk.newPage();
    await page.goto(`${run.stack.pages["desk"]}#${issued.body.token}`);
    await workerReady(page);
    await presentBox(page, "Mónica Yáñez").waitFor();
    const list = JSON.parse((await kept(page)) ?? "null");
    assert.match(list?.link ?? "", /^[0-9a-f]{64}$/, "the list names its link by a SHA-256 hash");
    assert.ok(!(await kept(page))?.includes(issued.body.token), "never by its token");

    await desk.setOffline(true);
    const forged = await desk.newPage();
    await forged.goto(`${run.stack.pages["desk"]}?facility=Rizal%20Hall#${madeUpToken("open-sun")}`);
    await forged.getByRole("heading", { level: 1, name: "Rizal Hall" }).waitFor();
    await forged.getByRole("status").filter({ hasText: "Offline" }).first().waitFor();
    assert.equal(await presentBox(forged, "Mónica Yáñez").count(), 0, "no name from another link's list");
    assert.equal(await forged.getByText("Joaquín Santos").count(), 0);
    await forged.screenshot({ path: "/tmp/l1-forged-offline.png" });
    await forged.close();

    const same = await desk.newPage();
    await same.goto(`${run.stack.pages["desk"]}?facility=Rizal%20Hall#${issued.body.token}`);
    await presentBox(same, "Mónica Yáñez").waitFor();
    await same.close();
    await desk.setOffline(false);
    await page.close();
  });

  test("online, a refusal clears the names at once; reloaded offline, the page shows none of them", async () => {
    const issued = await run.api("POST", "/v3/days/open-sun/attendance/desk-links", {
      issuedTo: "Gate 9",
      note: "Rizal Hall",
    });
    const page = await desk.newPage();
    await page.goto(`${run.stack.pages["desk"]}#${issued.body.token}`);
    await presentBox(page, "Mónica Yáñez").waitFor();
    const { links } = (await run.api("GET", "/v3/days/open-sun/links")).body as {
      links: Array<{ linkId: string; issuedTo?: string }>;
    };
    const linkId = links.find((l) => l.issuedTo === "Gate 9")?.linkId as string;
    const revoked = await run.api("PUT", `/v3/days/open-sun/links/${encodeURIComponent(linkId)}/revocation`);
    assert.equal(revoked.status, 200);

    // The revocation's notice makes the open page read again; where it has not yet, Refresh does.
    const stopped = page.getByRole("alert").filter({ hasText: "This link was revoked" });
    if (!(await stopped.isVisible()))
      await page
        .getByRole("button", { name: "Refresh" })
        .tap({ timeout: 5_000 })
        .catch(() => {});
    await stopped.waitFor();
    await presentBox(page, "Mónica Yáñez").waitFor({ state: "detached" });
    assert.equal(await page.getByText("Joaquín Santos").count(), 0, "no name stays on screen");
    assert.equal(await kept(page), null, "the kept list is forgotten");
    assert.deepEqual(await seriousViolations(page), []);
    await page.screenshot({ path: "/tmp/l1-refused-online.png" });

    await desk.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Rizal Hall" }).waitFor();
    assert.equal(await presentBox(page, "Mónica Yáñez").count(), 0, "none of it offline either");
    await desk.setOffline(false);
    await page.close();
  });

  test("no page error was thrown", () => {
    assert.deepEqual(uncaught, []);
  });
});
