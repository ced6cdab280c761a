// The operator console in a real Chromium, against the stack started as `npm start` starts it,
// everything through the front: sign in with the printed password, pick the demo's Sunday, sync,
// go live and watch the public page switch, issue desk links and read one back from its QR code,
// open both on phones' desk pages, revoke one and see its phone say so while the other keeps
// working, make scoresheets, and see a clash planted in a workbook. axe-core checks every screen.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import ExcelJS from "exceljs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Browser, BrowserContext, Download, Page } from "playwright-core";
import { DESKTOP, launchChromium, PHONE, seriousViolations, withoutChromium } from "../support/chromium.ts";
import { DEMO_WEEKEND, longDay } from "../support/demo-weekend.ts";
import { readQrCode } from "../support/qr-codes.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

/** The pages of a downloaded PDF, read through Playwright (the run's Chromium may be another process's). */
async function pdfPageCount(download: Download): Promise<number> {
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    return document.numPages;
  } finally {
    await document.destroy();
  }
}

describe("the operator console in Chromium, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let laptop: BrowserContext;
  let phone: BrowserContext;
  let page: Page;
  const uncaught: string[] = [];
  /** The desk links issued in the test: the one read from its QR code, and another. */
  const desk: { scanned?: string; other?: string } = {};
  const dataDir = () => join(run.stack.dir, "data");
  const workbook = (sheetId: string) => join(run.stack.dir, "workbooks", `${sheetId}.xlsx`);
  const accessible = async (target: Page = page) => assert.deepEqual(await seriousViolations(target), []);

  before(async () => {
    run = await startStack();
    await run.signIn();
    // An archived event, so the picker has something to hide.
    const registryFile = join(dataDir(), "config", "events.json");
    const registry = JSON.parse(await readFile(registryFile, "utf8"));
    registry.events["red-blue-dual"].archived = true;
    const { writeFile } = await import("node:fs/promises");
    await writeFile(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
    browser = await launchChromium();
    laptop = await browser.newContext({ ...DESKTOP, acceptDownloads: true });
    phone = await browser.newContext(PHONE);
    for (const context of [laptop, phone])
      context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
    page = await laptop.newPage();
  });

  after(async () => {
    await phone?.close();
    await laptop?.close();
    await browser?.close();
    await run?.stop();
  });

  test("sign-in says a wrong password in words, then signs in with the printed password for this tab", async () => {
    await page.goto(run.stack.pages["console"] as string);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await accessible();
    await page.getByLabel("Username").fill("operator");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "The username or password is not right" }).waitFor();
    await accessible();
    await page.getByLabel("Password").fill(run.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Choose the day to run" }).waitFor();
    await page.getByText(/Signed in until \d\d:\d\d/).waitFor();
    const stored = await page.evaluate(() => Object.keys(sessionStorage));
    assert.ok(stored.includes("tournament-ops.operator-session"));
    assert.deepEqual(
      await page.evaluate(() => Object.keys(localStorage)),
      ["tournament-ops.device-proof"],
      "nothing of the session outlives the tab; only this browser's device proof (issue 35 H1) is kept",
    );
  });

  test("the picker lists each event by title with its days by date, archived events only when asked", async () => {
    const legends = await page.locator("legend").allInnerTexts();
    assert.deepEqual(
      legends.map((text) => text.split("\n")[0]),
      ["Manila Junior & Open Badminton Championships", "Inter-Club Team Cup"],
    );
    const open = page.getByRole("group", { name: /Manila Junior/ }).getByRole("radio");
    assert.deepEqual(await open.evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value)), [
      "open-sat",
      "open-sun",
      "open-ko",
    ]);
    await page.getByLabel(/Show archived events/).check();
    await page.getByRole("group", { name: /Red v Blue Dual Meet.*archived/ }).waitFor();
    await accessible();
    await page.getByLabel(/Show archived events/).uncheck();
    await page.getByLabel(/Sunday · Group stage/).check();
    await page.getByRole("button", { name: "Run this day" }).click();
    await page.getByRole("heading", { name: "Sunday · Group stage", level: 1 }).waitFor();
    assert.match(page.url(), /\?day=open-sun$/);
  });

  test("syncing the day shows each facility's result and where the day was published", async () => {
    await page.getByRole("button", { name: "Sync the whole day" }).click();
    const report = page.getByRole("status").filter({ hasText: "Sync of the whole day done" });
    await report.waitFor({ timeout: 60_000 });
    for (const hall of ["Rizal Hall", "Annex Court"])
      assert.match(await report.getByRole("row", { name: new RegExp(hall) }).innerText(), /Read\s+12/);
    assert.match(await report.innerText(), /Published: the day's file was written/);
    assert.match(await report.innerText(), /Pushed live to \d+ open page/);
    await page.getByRole("heading", { name: "Diagnostics" }).waitFor();
    await accessible();
  });

  test("checking the whole setup fails nothing on the demo stack, names its hall without a workbook, and folds the passing checks", async () => {
    await page.getByRole("button", { name: "Check the whole setup" }).click();
    await page
      .getByRole("status")
      .filter({
        hasText:
          "Nothing fails, but 1 finding asks to be looked at or checked: not ready until each is seen to.",
      })
      .waitFor();
    await page.getByText("Overflow Gym has no workbook (its sheetId is empty)", { exact: false }).waitFor();
    const passes = page.getByText(/^\d+ checks pass$/);
    assert.ok(
      Number((await passes.innerText()).split(" ")[0]) >= 10,
      "repository, registry, workbooks, relay, pages",
    );
    await passes.click();
    await page.getByText("The relay accepts the service's LIVE_PUSH_SECRET.").waitFor();
    await accessible();
  });

  test("going live switches the public page from 'not public yet' to the results, without reloading", async () => {
    const spectator = await phone.newPage();
    await spectator.goto(`${run.stack.pages["public"]}?day=open-sun`);
    await spectator.getByText(/are not public yet/).waitFor();
    assert.match(await page.getByRole("region", { name: "Go live" }).innerText(), /Now: Hidden/);
    await page.getByLabel("Live", { exact: true }).check();
    await page.getByRole("button", { name: "Save and republish" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Saved: Live\. Republished and pushed to [1-9]/ })
      .waitFor();
    await spectator.getByRole("listitem").filter({ hasText: "Match 301:" }).waitFor();
    await spectator.close();
  });

  test("a desk link is a page address with its token in the fragment, a QR code a phone reads, a copy button and its expiry", async () => {
    await page.getByRole("link", { name: "Links" }).click();
    const form = page.getByRole("region", { name: "Desk links" });
    await form.getByLabel(/Who gets it/).fill("Front desk");
    await form.getByLabel(/Note/).fill("Rizal Hall");
    await form.getByRole("button", { name: "Issue a desk link" }).click();
    const card = page.getByRole("region", { name: "Desk link: Front desk (Rizal Hall)" });
    await card.waitFor();
    assert.ok(
      await card.getByRole("heading").evaluate((heading) => heading === document.activeElement),
      "the card takes focus (it opens above the form, out of view on a phone)",
    );
    const shown = (await card.locator(".address").innerText()).trim();
    const scanned = await readQrCode(page, /QR code of the desk link for Front desk/);
    assert.equal(scanned, shown);
    const url = new URL(scanned);
    assert.equal(url.origin + url.pathname, `${run.stack.front}/desk/`);
    assert.equal(url.search, "");
    assert.match(url.hash, /^#[\w-]+\.[\w-]+$/);
    desk.scanned = url.hash.slice(1);
    assert.ok(
      (await card.innerText()).includes(`until the end of ${longDay(DEMO_WEEKEND.sunday)} (Manila time)`),
      await card.innerText(),
    );
    await card.getByRole("button", { name: "Copy the link" }).click();
    await card
      .getByRole("status")
      .filter({ hasText: /Copied|copy it by hand/ })
      .waitFor();
    await accessible();

    await form.getByLabel(/Who gets it/).fill("Gate 2");
    await form.getByRole("button", { name: "Issue a desk link" }).click();
    await page.getByRole("region", { name: "Desk link: Gate 2" }).waitFor();
    desk.other = new URL(await readQrCode(page, /QR code of the desk link for Gate 2/)).hash.slice(1);
    const list = page.getByRole("region", { name: "Links of this day" });
    await list.getByRole("listitem").filter({ hasText: "Desk · Front desk (Rizal Hall)" }).waitFor();
    await list.getByRole("listitem").filter({ hasText: "Desk · Gate 2" }).waitFor();
  });

  /** A phone of its own (a browser context: its own storage) with the desk page open on a desk link. */
  const deskPhone = async (token: string) => {
    const context = await browser.newContext(PHONE);
    context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
    const deskPage = await context.newPage();
    // At Rizal Hall (Gate 2's label names no hall, so its page would ask which).
    await deskPage.goto(`${run.stack.front}/desk/?facility=Rizal%20Hall#${token}`);
    await deskPage.getByText(/list read \d\d:\d\d/).waitFor();
    return { deskPage, close: () => context.close() };
  };

  test("revoking one desk link: its phone's desk page says the link was revoked at its next read, while the other desk link's phone keeps working", async () => {
    const revoked = await deskPhone(desk.scanned as string);
    const kept = await deskPhone(desk.other as string);
    try {
      for (const { deskPage } of [revoked, kept]) {
        await deskPage.getByRole("heading", { level: 1, name: "Rizal Hall" }).waitFor();
        assert.equal(await deskPage.getByRole("alert").count(), 0, "both links work before");
      }

      const list = page.getByRole("region", { name: "Links of this day" });
      await list.getByRole("button", { name: "Read the list again" }).click();
      const front = list.getByRole("listitem").filter({ hasText: "Desk · Front desk (Rizal Hall)" });
      await front.getByText(/last used at \d\d:\d\d/).waitFor();
      await front.getByRole("button", { name: /^Revoke/ }).click();
      await front.getByRole("button", { name: "Yes, revoke Front desk (Rizal Hall)" }).click();
      await front.getByText(/Revoked at \d\d:\d\d/).waitFor();
      await accessible();

      // The revocation reaches the open phone through the relay's notice (issue 37 row 5): it turns
      // without a tap. The other phone's Refresh still reads the list.
      const refresh = async (deskPage: Page) => {
        const read = deskPage.waitForResponse(
          (response) => response.url().includes("/people") && response.request().method() === "GET",
        );
        await deskPage.getByRole("button", { name: "Refresh" }).click();
        return (await read).status();
      };
      await revoked.deskPage
        .getByRole("alert")
        .filter({ hasText: "This desk link was revoked by the control desk, so it no longer works" })
        .waitFor();
      await accessible(revoked.deskPage);

      assert.equal(await refresh(kept.deskPage), 200, "the other desk link still reads the list");
      assert.equal(await kept.deskPage.getByRole("alert").count(), 0);
    } finally {
      await revoked.close();
      await kept.close();
    }
  });

  test("scoresheets for one facility: the progress bar reaches 100 % and the PDF has a page per match and blank", async () => {
    await page.getByRole("link", { name: "Scoresheets" }).click();
    await page.getByLabel("Facility").selectOption("Rizal Hall");
    await page.getByText("12 matches to print.").waitFor();
    await page
      .getByLabel(/No referee/)
      .first()
      .check();
    await page.getByLabel("Blank sheets after the matches").fill("2");
    await accessible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Make the scoresheets" }).click();
    const file = await download;
    const bar = page.getByRole("progressbar", { name: "Scoresheets made" });
    assert.deepEqual(
      await bar.evaluate((element) => [
        (element as HTMLProgressElement).value,
        (element as HTMLProgressElement).max,
      ]),
      [14, 14],
    );
    await page.getByText("14 of 14 sheets (100 %)").waitFor();
    assert.equal(file.suggestedFilename(), "open-sun-rizal-hall-no-referee.pdf");
    assert.equal(await pdfPageCount(file), 14);
    await page.getByRole("status").filter({ hasText: "Done: 14 pages." }).waitFor();
  });

  test("a clash planted in a demo workbook is listed, and players not checked in are called by start time", async () => {
    await page.getByRole("link", { name: /^Clashes/ }).click();
    await page.getByText("No clashes: no player is due in two places at once.").waitFor();
    await page.getByRole("region", { name: "Players not checked in" }).getByText("Match 301").waitFor();
    await accessible();

    // Match 301 in Rizal Hall and 401 in Annex Court both start at 09:00: put a player of 301 in 401.
    const snapshot = JSON.parse(
      await readFile(join(dataDir(), "junior-open", "data", "open-sun.json"), "utf8"),
    );
    const rizal = snapshot.facilities.find((f: { name: string }) => f.name === "Rizal Hall")
      .matchesCsv as string;
    const player = (rizal.split("\n")[1] as string).split(",")[7]?.split(" / ")[0] as string;
    const file = workbook("open-sun-annex-court");
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const schedule = book.getWorksheet("SCHEDULE") as ExcelJS.Worksheet;
    assert.equal(schedule.getCell("A2").value, 401);
    schedule.getCell("H2").value = player;
    await book.xlsx.writeFile(file);

    await page.getByRole("link", { name: "Run the day" }).click();
    await page.getByRole("button", { name: "Sync Annex Court" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Sync of Annex Court done" })
      .waitFor({ timeout: 60_000 });
    await page.getByRole("link", { name: "Clashes (1)" }).click();
    const clash = page
      .getByRole("region", { name: "Players in two matches at once" })
      .getByRole("listitem")
      .first();
    await clash.getByText(player, { exact: true }).waitFor();
    assert.match(
      await clash.innerText(),
      /Match 401, Court 1, Annex Court, 09:00[\s\S]*Match 301, Court 1, Rizal Hall, 09:00/,
    );
    await accessible();

    // The player checks in at the desk (the link that still works): the nudge makes the console read the list again.
    const absent = page
      .getByRole("region", { name: "Players not checked in" })
      .getByRole("listitem")
      .filter({ hasText: "Match 301," });
    await absent.getByText(player).waitFor();
    const key = player.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    const marked = await run.api(
      "PUT",
      `/v3/days/open-sun/facilities/Rizal%20Hall/people/${encodeURIComponent(key)}/attendance`,
      { present: true },
      desk.other,
    );
    assert.equal(marked.status, 200);
    await absent.filter({ hasNotText: player }).waitFor();
  });

  test("signing out ends the session on the service and forgets its token and the tab's issued links", async () => {
    const kept = () =>
      page.evaluate(() => ({
        session: sessionStorage.getItem("tournament-ops.operator-session"),
        links: sessionStorage.getItem("tournament-ops.issued-links"),
      }));
    const before = await kept();
    assert.ok(before.links?.includes("token"), "the tab kept the links it issued");
    const token = JSON.parse(before.session ?? "{}").token as string;
    assert.equal((await run.api("GET", "/v3/days/open-sun/visibility", undefined, token)).status, 200);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByRole("alert").filter({ hasText: "You signed out." }).waitFor();
    assert.deepEqual(await kept(), { session: null, links: null });
    const reused = await run.api("GET", "/v3/days/open-sun/visibility", undefined, token);
    assert.equal(reused.status, 401, "the service no longer takes the signed-out token");
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});
