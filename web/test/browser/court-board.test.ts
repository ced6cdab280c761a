// The court board (issue 38, item 1) in a real Chromium, on the stack as `npm start` starts it:
// the organiser at 1280 px calls three matches from the board of the demo's Saturday (two
// suggestions in one tap each, one with the picker), moves one, cancels one; the court shows in
// play when a live point arrives, turns free when the final score is saved, and offers the next
// match; the CALLS tab read back from the workbook holds every call. The board on a 768 px tablet
// and a 360 px phone fits its width. axe-core checks the board.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import ExcelJS from "exceljs";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import {
  DESKTOP,
  launchChromium,
  PHONE,
  reportingContext,
  seriousViolations,
  withoutChromium,
} from "../support/chromium.ts";
import { type RunningStack, startStack } from "../support/stack.ts";
import { signInToDay } from "../support/venue-day.ts";

const DAY = "open-sat";
const HALL = "Rizal Hall";
const MATCHES = `/v3/days/${DAY}/facilities/Rizal%20Hall/matches`;
/** Where the tablet's and phone's pictures go (looked at by hand; not checked in). */
const SHOTS = join(process.env["TMPDIR"] ?? "/tmp", "court-board-shots");

describe("the court board in Chromium, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let laptop: BrowserContext;
  let page: Page;
  const uncaught: string[] = [];
  const tile = (court: string): Locator => page.getByRole("region", { name: court, exact: true });
  /** The match a free court offers, from its one-tap button. */
  const offered = async (court: string) => {
    const button = tile(court).getByRole("button", { name: new RegExp(`^Call match \\d+ to ${court}$`) });
    const name = (await button.textContent()) ?? "";
    return { button, number: (/match (\d+)/.exec(name) as RegExpExecArray)[1] as string };
  };
  /** Waits for a court's state line to start with `words` ("Free", "Called", "In play"). */
  const courtIs = (court: string, words: string) =>
    tile(court)
      .locator(".court-state", { hasText: new RegExp(`^${words}`) })
      .waitFor();
  /** Focus moves once the court is drawn again: waits for it there, as a person's next key press would. */
  const focusIsOn = (name: string) =>
    page.waitForFunction((text) => document.activeElement?.textContent?.trim() === text, name);

  before(async () => {
    run = await startStack();
    await run.signIn();
    assert.equal((await run.api("POST", `/v3/days/${DAY}/syncs`)).status, 200);
    // The desk has checked in everyone at Rizal Hall (the event takes attendance at desks).
    const desk = await run.api("POST", `/v3/days/${DAY}/attendance/desk-links`, { issuedTo: "Front desk" });
    const people = `/v3/days/${DAY}/facilities/Rizal%20Hall/people`;
    const listed = (await run.api("GET", people, undefined, desk.body.token)).body as { key: string }[];
    for (const { key } of listed) {
      const marked = await run.api(
        "PUT",
        `${people}/${encodeURIComponent(key)}/attendance`,
        { present: true },
        desk.body.token,
      );
      assert.equal(marked.status, 200);
    }
    browser = await launchChromium();
    laptop = await reportingContext(browser, DESKTOP, uncaught);
    page = await laptop.newPage();
    await signInToDay(page, run.stack.pages["console"] as string, run.password, "Saturday · Group stage");
    await page.getByRole("link", { name: "Courts", exact: true }).click();
    await page.getByRole("heading", { name: `Courts of ${HALL}` }).waitFor();
  });

  after(async () => {
    await laptop?.close();
    await browser?.close();
    await run?.stop();
  });

  /** Each call the organiser made, as the CALLS tab should hold it at the end: match → [court, state]. */
  const made = new Map<string, [string, string]>();

  test("three matches called from the board at 1280 px: two suggestions in one tap, one with the picker; focus stays on the court", async () => {
    await page.getByRole("button", { name: /^Call match \d+ to Court 1$/ }).waitFor();
    for (const court of ["Court 1", "Court 2"]) {
      const { button, number } = await offered(court);
      await button.click();
      await courtIs(court, "Called since");
      await tile(court).getByText(`Match ${number}`, { exact: true }).waitFor();
      await focusIsOn(court);
      made.set(number, [court, "called"]);
    }
    await page
      .getByRole("status")
      .filter({ hasText: /called to Court 2\.$/ })
      .waitFor({ state: "attached" });
    // Court 3 takes another match than its suggestion, chosen in the picker.
    const court3 = tile("Court 3");
    const { number: suggested } = await offered("Court 3");
    await court3.getByText("Call another match").click();
    const picker = court3.getByLabel("Match for Court 3");
    const choices = (await picker
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) as string[];
    const other = choices.find((n) => n !== suggested && !made.has(n)) as string;
    assert.ok(other, `a match other than ${suggested} to pick from ${choices.join(", ")}`);
    await picker.selectOption(other);
    await court3.getByRole("button", { name: "Call to Court 3" }).click();
    await court3.getByText(`Match ${other}`, { exact: true }).waitFor();
    await focusIsOn("Court 3");
    made.set(other, ["Court 3", "called"]);
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("a call moved to another court and started with a tap, one cancelled: the courts say so, the match waits again", async () => {
    const [moved] = [...made].find(([, [court]]) => court === "Court 2") as [string, [string, string]];
    const court2 = tile("Court 2");
    await court2.getByLabel("Move to").selectOption("Court 4");
    await court2.getByRole("button", { name: `Move match ${moved}` }).click();
    await tile("Court 4").getByText(`Match ${moved}`, { exact: true }).waitFor();
    await courtIs("Court 2", "Free");
    await focusIsOn("Court 4");
    // Its players are on court, with no point counter: the Start tap puts it in play from now.
    await tile("Court 4")
      .getByRole("button", { name: `Start match ${moved}` })
      .click();
    await courtIs("Court 4", "In play since \\d\\d:\\d\\d");
    await focusIsOn("Court 4");
    made.set(moved, ["Court 4", "playing"]);

    const [cancelled] = [...made].find(([, [court]]) => court === "Court 3") as [string, [string, string]];
    await tile("Court 3")
      .getByRole("button", { name: `Cancel the call of match ${cancelled}` })
      .click();
    await courtIs("Court 3", "Free");
    await focusIsOn("Court 3");
    const waiting = page.getByRole("region", { name: "Waiting matches" });
    await waiting.getByText(`Match ${cancelled}`, { exact: true }).waitFor();
    made.set(cancelled, ["Court 3", "cancelled"]);
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("the court shows in play when a live point arrives, and turns free when the final score is saved, offering the next match", async () => {
    const [playing] = [...made].find(([, [court]]) => court === "Court 1") as [string, [string, string]];
    const court1 = tile("Court 1");
    for (const [seq, a, b] of [
      [1, 1, 0],
      [2, 1, 1],
      [3, 2, 1],
    ] as const) {
      const live = await run.api("PUT", `${MATCHES}/${playing}/live`, {
        seq,
        team1Points: a,
        team2Points: b,
        game: 1,
      });
      assert.equal(live.status, 200);
    }
    await court1.getByText("live 2–1 · game 1").waitFor();
    await courtIs("Court 1", "In play");
    const saved = await run.api("PUT", `${MATCHES}/${playing}/score`, {
      expected: { team1Score: null, team2Score: null },
      team1Score: 21,
      team2Score: 17,
    });
    assert.equal(saved.status, 200);
    await courtIs("Court 1", "Free since \\d\\d:\\d\\d");
    const next = await offered("Court 1");
    assert.notEqual(next.number, playing);
    assert.ok(!made.has(next.number) || made.get(next.number)?.[1] === "cancelled");
    made.set(playing, ["Court 1", "done"]);
  });

  test("the CALLS tab read back from the workbook holds the calls, each with who called it", async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(run.stack.dir, "workbooks", "open-sat-rizal-hall.xlsx"));
    const sheet = book.getWorksheet("CALLS") as ExcelJS.Worksheet;
    assert.ok(sheet, "the CALLS tab was made with the first call");
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    assert.deepEqual(header, [
      "matchNumber",
      "court",
      "calledAt",
      "startedAt",
      "endedAt",
      "calledBy",
      "state",
    ]);
    const rows: Record<string, string>[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((name, i) => [name, String(values[i] ?? "")])));
    });
    assert.deepEqual(
      new Map(rows.map((row) => [row["matchNumber"], [row["court"], row["state"]]])),
      made,
      "one row per match called, on its last court, in its state",
    );
    for (const row of rows) {
      assert.equal(row["calledBy"], "Operator console");
      assert.match(row["calledAt"] ?? "", /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    assert.match(
      rows.find((row) => row["state"] === "playing")?.["startedAt"] ?? "",
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
      "started at its Start tap",
    );
    const played = rows.find((row) => row["state"] === "done");
    assert.match(
      played?.["startedAt"] ?? "",
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
      "started at its first live point",
    );
    assert.ok((played?.["endedAt"] ?? "") >= (played?.["startedAt"] ?? ""), "ended when its score was saved");
  });

  test("on a 768 px tablet and a 360 px phone the board fits its width, every control reachable", async () => {
    await mkdir(SHOTS, { recursive: true });
    const session = await page.evaluate(() => sessionStorage.getItem("tournament-ops.operator-session"));
    for (const [name, device] of [
      ["tablet", { viewport: { width: 768, height: 1024 }, hasTouch: true }],
      ["phone", PHONE],
    ] as const) {
      const context = await browser.newContext(device);
      try {
        const small = await context.newPage();
        small.on("pageerror", (error) => uncaught.push(error.message));
        await small.goto(run.stack.pages["console"] as string);
        await small.getByRole("heading", { name: "Sign in" }).waitFor();
        await small.evaluate(
          (value) => sessionStorage.setItem("tournament-ops.operator-session", value ?? ""),
          session,
        );
        await small.goto(`${run.stack.pages["console"]}?day=${DAY}&view=courts`);
        await small.getByRole("heading", { name: `Courts of ${HALL}` }).waitFor();
        await small.getByRole("button", { name: /^Call match \d+ to Court 1$/ }).waitFor();
        const width = await small.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= (device.viewport.width as number), `${name}: ${width} px wide`);
        assert.deepEqual(await seriousViolations(small), []);
        await small.screenshot({ path: join(SHOTS, `court-board-${name}.png`), fullPage: true });
      } finally {
        await context.close();
      }
    }
    assert.deepEqual(uncaught, []);
  });
});
