// The operator console's side of a venue day (issue 26), in a real Chromium against the stack as
// `npm start` starts it, on a stack of its own: one hall's scoresheets with a QR code on every
// sheet (read back from the PDF and opened on a phone), halls with nothing to print, the score
// screen with a conflict and who wrote each score, a revoked desk link replaced in one step by
// keyboard, scorer links that would stop before the day's last match, the words on screen, and
// every control at least 44 px at 390 px wide. The laptop is 1280 × 800; phones are 360 × 740.
import assert from "node:assert/strict";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import ExcelJS from "exceljs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  DESKTOP,
  launchChromium,
  PHONE,
  reportingContext,
  seriousViolations,
  withoutChromium,
} from "../support/chromium.ts";
import { pageQrCodes } from "../support/pdf-pages.ts";
import { type RunningStack, startStack } from "../support/stack.ts";
import { signInToDay } from "../support/venue-day.ts";

/** The controls of the page smaller than a thumb (44 px tall), each named; a radio or checkbox counts by its row. */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const element of document.querySelectorAll("button, a[href], input, select, summary, textarea")) {
      if (element.closest(".visually-hidden") || getComputedStyle(element).visibility === "hidden") continue;
      const target = element.matches("input[type=radio], input[type=checkbox]")
        ? (element.closest(".choice, .layout") ?? element)
        : element;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name = (element.textContent || element.getAttribute("aria-label") || element.id).trim();
      if (box.height < 44)
        small.push(`${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.height)} px`);
    }
    return small;
  });
}

/** Focus moves once its control is drawn: waits for it there, as a person's next key press would. */
async function focusIsOn(page: Page, name: string): Promise<void> {
  await page.waitForFunction((text) => document.activeElement?.textContent?.trim() === text, name);
}

describe("the operator console on a venue day (issue 26), in Chromium", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let laptop: BrowserContext;
  let page: Page;
  const uncaught: string[] = [];
  const accessible = async (target: Page = page) => assert.deepEqual(await seriousViolations(target), []);
  const workbook = (sheetId: string) => join(run.stack.dir, "workbooks", `${sheetId}.xlsx`);
  /** A browser context of its own that reports its pages' errors. */
  const context = (device: Parameters<Browser["newContext"]>[0]) =>
    reportingContext(browser, device, uncaught);
  /** Signs a console tab in as the organiser would, and opens the demo's Saturday. */
  const signIn = (tab: Page) =>
    signInToDay(tab, run.stack.pages["console"] as string, run.password, "Saturday · Group stage");

  /** The registry file as the service and the pages read it, once the team cup lost its `scoreEntry`. */
  let registryText: string;

  before(async () => {
    run = await startStack();
    // An organiser's registry whose team cup has no scoreEntry (the demo's has one), written before
    // the service first reads it.
    const registryFile = join(run.stack.dir, "data", "config", "events.json");
    const registry = JSON.parse(await readFile(registryFile, "utf8"));
    delete registry.events["club-cup"].scoreEntry;
    registryText = `${JSON.stringify(registry, null, 2)}\n`;
    await writeFile(registryFile, registryText);
    await run.signIn();
    browser = await launchChromium();
    laptop = await context({ ...DESKTOP, acceptDownloads: true });
    page = await laptop.newPage();
    await signIn(page);
    await page.getByRole("button", { name: "Sync the whole day" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Sync of the whole day done" })
      .waitFor({ timeout: 90_000 });
    // The tab holds the day it published (every screen below reads it), not only the sync's report:
    // once, under load, it never did, and three tests waited on it in vain.
    await page
      .getByRole("listitem")
      .filter({ hasText: "Rizal Hall" })
      .getByText(/^Read /)
      .waitFor({ timeout: 90_000 });
  });

  after(async () => {
    await laptop?.close();
    await browser?.close();
    await run?.stop();
  });

  test("row 12: a hall with nothing to print is marked and not offered", async () => {
    await page.getByRole("link", { name: "Scoresheets" }).click();
    const overflow = page.getByRole("option", { name: "Overflow Gym (nothing to print: no workbook)" });
    assert.equal(await overflow.isDisabled(), true);
    assert.equal(await page.getByRole("option", { name: "Rizal Hall (12 matches)" }).isDisabled(), false);
    await accessible();
  });

  test("row 1: one hall's scoresheets carry a QR code on every sheet, each opening its own match on a phone", async () => {
    const notice = page.getByRole("note").filter({ hasText: "Each match's sheet carries a QR code" });
    assert.match(await notice.innerText(), /an address on this computer: a phone cannot open it/);
    await page.getByLabel("Facility", { exact: true }).selectOption("Rizal Hall");
    await page.getByLabel(/Best of 3/).check();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Make the scoresheets" }).click();
    // Read through Playwright: the run's Chromium may be another process's (service/test/README.md).
    const pdf = Buffer.concat(await (await (await download).createReadStream()).toArray());
    const codes = await pageQrCodes(pdf);
    assert.equal(codes.length, 12);
    assert.deepEqual(
      codes,
      Array.from({ length: 12 }, (_, i) => `${run.stack.front}/score/?facility=Rizal+Hall&match=${101 + i}`),
      "every sheet, its own match",
    );

    const umpire = await context(PHONE);
    try {
      const link = await run.api("POST", "/v3/days/open-sat/scores/scorer-links", { issuedTo: "Ana" });
      const phone = await umpire.newPage();
      await phone.goto(`${run.stack.pages["score"]}#${link.body.token}`);
      await phone.getByRole("heading", { level: 1 }).waitFor();
      await phone.goto(codes[6] as string);
      await phone.getByRole("heading", { name: /Match 107/ }).waitFor();
    } finally {
      await umpire.close();
    }
  });

  test("issue 37 row 10: a label over 40 characters is counted as it is typed and refused, never cut", async () => {
    await page.getByRole("link", { name: "Links" }).click();
    const desks = page.getByRole("region", { name: "Desk links" });
    const box = desks.getByLabel(/Who gets it/);
    const issue = desks.getByRole("button", { name: "Issue a desk link" });
    await box.fill("x".repeat(12));
    await desks.getByText("12 of 40 characters.").waitFor();
    await box.fill("x".repeat(43));
    await desks.getByText("43 characters: at most 40. Remove 3.").waitFor();
    assert.equal(await box.inputValue(), "x".repeat(43), "nothing is cut");
    assert.equal(await box.getAttribute("aria-invalid"), "true");
    assert.equal(await issue.isDisabled(), true, "the form refuses to issue, as the route would");
    await box.fill("😀".repeat(40)); // 40 characters, 80 UTF-16 units: a maxLength would have cut it
    await desks.getByText("40 of 40 characters.").waitFor();
    assert.equal(await issue.isDisabled(), false);
    await box.fill("");
    await desks.getByText("0 of 40 characters.").first().waitFor();
  });

  test("row 8 and row 11: a desk link revoked by keyboard (Escape cancels, focus stays on a control), then replaced in one step under 'Front desk 2 (Rizal Hall)'", async () => {
    await page.getByRole("link", { name: "Links" }).click();
    const desks = page.getByRole("region", { name: "Desk links" });
    await desks.getByLabel(/Who gets it/).fill("Front desk");
    await desks.getByLabel(/Note/).fill("Rizal Hall");
    await desks.getByRole("button", { name: "Issue a desk link" }).click();
    await page.getByRole("region", { name: "Desk link: Front desk (Rizal Hall)" }).waitFor();
    const list = page.getByRole("region", { name: "Links of this day" });
    const front = list.getByRole("listitem").filter({ hasText: "Desk · Front desk (Rizal Hall)" });
    const focusOn = (name: string) => focusIsOn(page, name);

    await front.getByRole("button", { name: "Revoke Front desk (Rizal Hall)" }).focus();
    await page.keyboard.press("Enter");
    await focusOn("Yes, revoke Front desk (Rizal Hall)");
    await page.keyboard.press("Escape");
    await front.getByRole("button", { name: "Revoke Front desk (Rizal Hall)" }).waitFor();
    assert.equal(await front.getByRole("button", { name: /^Yes, revoke/ }).count(), 0, "Escape cancels");
    await focusOn("Revoke Front desk (Rizal Hall)");
    await page.keyboard.press("Enter");
    await focusOn("Yes, revoke Front desk (Rizal Hall)");
    await page.keyboard.press("Enter");
    await front.getByText(/^Revoked at \d\d:\d\d$/).waitFor();
    // On to its replacement, not the page's body.
    await focusOn("Replace Front desk (Rizal Hall)");
    await accessible();

    // The same label again is refused in plain words, with the replacement beside it.
    await desks.getByLabel(/Who gets it/).fill("Front desk");
    await desks.getByLabel(/Note/).fill("Rizal Hall");
    await desks.getByRole("button", { name: "Issue a desk link" }).click();
    const refusal = desks.getByRole("alert");
    assert.equal(
      await refusal.innerText(),
      "“Front desk (Rizal Hall)” was revoked, so that label cannot be used again on this day. Replace it to issue “Front desk 2 (Rizal Hall)” in one step, or choose another label.",
    );

    await front.getByRole("button", { name: "Replace Front desk (Rizal Hall)" }).focus();
    await page.keyboard.press("Enter");
    const card = page.getByRole("region", { name: "Desk link: Front desk 2 (Rizal Hall)" });
    await card.waitFor();
    await focusOn("Desk link: Front desk 2 (Rizal Hall)");
    await list.getByRole("listitem").filter({ hasText: "Desk · Front desk 2 (Rizal Hall)" }).waitFor();
    const issued = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem("tournament-ops.issued-links"))) ?? "[]",
    ) as Array<{ issuedTo: string; token: string }>;
    const token = issued.find((link) => link.issuedTo === "Front desk 2")?.token;
    const people = await run.api("GET", "/v3/days/open-sat/facilities/Rizal%20Hall/people", undefined, token);
    assert.equal(people.status, 200, "the replacement works at the desk");
  });

  test("row 2: a scorer link that would stop before the day's last match says so, with the day of each time and when to issue instead", async () => {
    // Friday 01:08 in Manila before the demo's Saturday, or now if that is earlier (the sign-in must still be valid).
    const days = (await run.api("GET", "/v3/diagnostics/sync")).body.days as Array<{
      day: string;
      date: string;
    }>;
    const saturday = days.find((d) => d.day === "open-sat")?.date;
    const friday = Date.parse(`${saturday}T01:08:00+08:00`) - 86_400_000;
    const early = await context(DESKTOP);
    try {
      const tab = await early.newPage();
      await tab.clock.install({ time: Math.min(Date.now(), friday) });
      await signIn(tab);
      await tab.getByRole("link", { name: "Links" }).click();
      const scorers = tab.getByRole("region", { name: "Scorer links" });
      await scorers.getByText(/It works for 24 hours from issue, until \d\d:\d\d on \w+ \d+ \w+/).waitFor();
      // Until the day's published matches arrive, the note can only name the day's end; on a loaded
      // machine that first wording was once still there when it was read.
      const note = scorers.getByRole("note").filter({ hasText: "before the day's last match" });
      await note.waitFor();
      const warning = await note.innerText();
      assert.match(
        warning,
        /^A scorer link issued now stops at \d\d:\d\d on \w+ \d+ \w+, before the day's last match \(10:00 on Saturday \d+ \w+\) is over\. Issue scorer links from 11:00 on Friday \d+ \w+, so they last the whole day\.$/,
      );
    } finally {
      await early.close();
    }
  });

  test("row 5: the score screen finds a match, shows the sheet's score, meets a scorer's save as a conflict naming who wrote it, keeps the operator's and says whose score it replaced", async () => {
    const scorer = await run.api("POST", "/v3/days/open-sat/scores/scorer-links", {
      issuedTo: "Ana",
      note: "Court 1",
    });
    await page.getByRole("link", { name: "Scores", exact: true }).click();
    await page.getByLabel("Match number, court or player").fill("106");
    await page.keyboard.press("Enter");
    const form = page.getByRole("region", { name: "Match 106 · Rizal Hall" });
    await form.getByText("On the sheet: no score.").waitFor();
    await focusIsOn(page, "Match 106 · Rizal Hall"); // the form takes focus
    const [side1, side2] = await form.getByRole("textbox").all();
    await side1?.fill("21");
    await side2?.fill("19");
    // Meanwhile the umpire of Court 1 saves the same match from their phone.
    const umpire = await run.api(
      "PUT",
      "/v3/days/open-sat/facilities/Rizal%20Hall/matches/106/score",
      { expected: { team1Score: null, team2Score: null }, team1Score: 15, team2Score: 21 },
      scorer.body.token,
    );
    assert.equal(umpire.status, 200);
    await form.getByRole("button", { name: "Save score" }).click();
    const conflict = form.getByRole("alert");
    await conflict.waitFor();
    assert.match(
      await conflict.innerText(),
      /^Not saved: the sheet changed since this match was shown\. It now holds 15–21, written by Ana \(Court 1\), at \d\d:\d\d\./,
    );
    await accessible();
    await form.getByRole("button", { name: "Keep mine (21–19)" }).click();
    const saved = form.getByRole("status").filter({ hasText: "Saved: 21–19" });
    await saved.waitFor({ timeout: 60_000 });
    assert.match(
      await saved.innerText(),
      /written as Operator console, at \d\d:\d\d\. It replaced the score written by Ana \(Court 1\), at \d\d:\d\d\./,
    );
    await form.getByText(/^Last written by Operator console, at \d\d:\d\d\.$/).waitFor();
    await form.getByText("On the sheet: 21–19.").waitFor();

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(workbook("open-sat-rizal-hall"));
    const schedule = book.getWorksheet("SCHEDULE") as ExcelJS.Worksheet;
    const row = schedule.getColumn(1).values.indexOf(106);
    const header = (schedule.getRow(1).values as unknown[]).map(String);
    const [one, two] = ["team1Score", "team2Score"].map((name) =>
      schedule.getRow(row).getCell(header.indexOf(name)),
    );
    assert.deepEqual([one?.value, two?.value], [21, 19], "the workbook holds the operator's score");
    assert.match(String(one?.note), /^Operator console · \d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  test("row 10: the console's words are plain: settings, score entry, a workbook that is missing", async () => {
    await page.getByRole("link", { name: "Run the day" }).click();
    const diagnostics = page.getByRole("region", { name: "Diagnostics" });
    await diagnostics.getByText("Tournament settings").waitFor();
    const words = await diagnostics.innerText();
    for (const internal of ["Fell back", "Registry revision", "Registry source"])
      assert.ok(!words.includes(internal), internal);
    assert.match(
      words,
      /From the settings file in the data repository\. Read at \d\d:\d\d; version [0-9a-f]{7}\./,
    );

    const scoring = page.getByRole("region", { name: "Score entry" });
    await scoring.getByLabel("Operators only").check();
    await scoring.getByRole("button", { name: "Save score entry" }).click();
    const said = scoring.getByRole("status");
    await said.waitFor();
    assert.equal(
      await said.innerText(),
      "Saved: Operators only. Scorer links stop working within about a minute, everywhere.",
    );

    await rm(workbook("open-sat-annex-court"));
    await page.getByRole("button", { name: "Sync Annex Court" }).click();
    const problem = page.getByRole("region", { name: "Sync" }).getByRole("alert");
    await problem.waitFor({ timeout: 60_000 });
    assert.equal(
      await problem.innerText(),
      'Annex Court: the workbooks folder has no file "open-sat-annex-court.xlsx".',
    );
  });

  test("issue 37 row 7: an event without scoreEntry names the file and the line to edit, and links to the registry reference at the member", async () => {
    await page.goto(`${run.stack.pages["console"]}?day=cup-sun&view=scores`);
    const off = page.locator(".notice").filter({ hasText: "Score entry is off for Inter-Club Team Cup" });
    await off.getByText(/opens at line \d+/).waitFor();
    const opens = registryText.split("\n").findIndex((line) => line.trim().startsWith('"club-cup":')) + 1;
    assert.ok(opens > 1);
    assert.match(
      (await off.innerText()).replace(/\s+/g, " "),
      new RegExp(
        `add "scoreEntry": "console", \\(operators only\\) or "scoreEntry": "links", \\(scorer links too\\) inside the event "club-cup" in config/events\\.json, which opens at line ${opens} `,
      ),
    );
    const [reference] = await Promise.all([
      laptop.waitForEvent("page"),
      off.getByRole("link", { name: "The registry reference: scoreEntry" }).click(),
    ]);
    await reference.waitForLoadState();
    assert.match(reference.url(), /\/registry\/#event-scoreEntry$/);
    const member = reference.locator("tr:target");
    assert.match(await member.innerText(), /^scoreEntry\s.*Absent: score entry is off/s);
    assert.ok(await member.isVisible());
    await accessible(reference);
    await reference.close();
    await accessible();
  });

  test("row 11: at 390 px wide every control of every screen is at least 44 px tall", async () => {
    const narrow = await context({ viewport: { width: 390, height: 800 } });
    try {
      const tab = await narrow.newPage();
      await tab.goto(run.stack.pages["console"] as string);
      await tab.getByRole("heading", { name: "Sign in" }).waitFor();
      const found: Record<string, string[]> = { "sign-in": await smallControls(tab) };
      await signIn(tab);
      found["run"] = await smallControls(tab);
      await tab.getByRole("button", { name: "Check the whole setup" }).click();
      await tab.getByText(/^\d+ checks? pass$/).click();
      found["run, the setup checked"] = await smallControls(tab);
      await tab.getByRole("link", { name: "Links" }).click();
      await tab.getByRole("button", { name: /^Revoke Front desk 2/ }).click();
      found["links, a revocation asked"] = await smallControls(tab);
      await tab.getByRole("link", { name: "Scoresheets" }).click();
      await tab.getByLabel("A CSV file of matches").check();
      found["scoresheets"] = await smallControls(tab);
      await tab.getByRole("link", { name: "Scores", exact: true }).click();
      await tab.getByLabel("Match number, court or player").fill("10");
      await tab.getByRole("button", { name: /^Match 101/ }).click();
      found["scores"] = await smallControls(tab);
      await tab.getByRole("link", { name: /^Clashes/ }).click();
      await tab.getByRole("heading", { name: "Players in two matches at once" }).waitFor();
      found["clashes"] = await smallControls(tab);
      assert.deepEqual(
        Object.entries(found).filter(([, small]) => small.length > 0),
        [],
      );
    } finally {
      await narrow.close();
    }
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});
