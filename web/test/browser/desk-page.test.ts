// The desk page in a real Chromium at phone size (360 × 740, touch), against the stack started as
// `npm start` starts it: a desk link opened as a phone opens it, marks that reach the workbook, a
// second phone kept up to date by the nudge alone, and marks that survive the Wi-Fi going away.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { attendanceRow } from "../support/attendance-tab.ts";
import { launchChromium, PHONE, seriousViolations, withoutChromium } from "../support/chromium.ts";
import { DEMO_WEEKEND, longDay } from "../support/demo-weekend.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

const SHEET = "open-sun-rizal-hall";
const PEOPLE = "/v3/days/open-sun/facilities/Rizal%20Hall/people";

/** The count a filter button shows ("Not yet in 12"). */
async function count(page: Page, filter: string): Promise<number> {
  const name = await page.getByRole("button", { name: new RegExp(`^${filter} \\d+$`) }).innerText();
  return Number(name.replace(/\D+/g, ""));
}
const presentBox = (page: Page, player: string) => page.getByRole("checkbox", { name: `${player} Present` });
/** Waits until `done()` holds, failing after 30 s (room for a machine three times slower). */
async function until(done: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 30_000; !done(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > deadline) throw new Error(`never true: ${done}`);
  }
}
/** Gives a request that should not happen the time to show up, before the test says it did not. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const isPut = (request: Request) => request.method() === "PUT" && request.url().includes(`${PEOPLE}/`);

describe("the desk page in Chromium, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let deskUrl: string;
  let workbooks: string;
  const uncaught: string[] = [];
  const puts: Request[] = [];

  before(async () => {
    run = await startStack();
    await run.signIn();
    workbooks = join(run.stack.dir, "workbooks");
    // The Sunday's sync fills each workbook's ATTENDANCE tab from its roster.
    assert.equal((await run.api("POST", "/v3/days/open-sun/syncs")).status, 200);
    const link = await run.api("POST", "/v3/days/open-sun/attendance/desk-links", {
      issuedTo: "Front desk",
      note: "Rizal Hall",
    });
    assert.equal(link.status, 201);
    deskUrl = `${run.stack.pages["desk"]}#${link.body.token}`;
    browser = await launchChromium();
    context = await browser.newContext(PHONE);
    context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
    page = await context.newPage();
    page.on("request", (request) => {
      if (isPut(request)) puts.push(request);
    });
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await run?.stop();
  });

  test("a desk link opens its hall with who the desk is and until when; no serious accessibility violation", async () => {
    await page.goto(deskUrl);
    await page.getByRole("heading", { level: 1, name: "Rizal Hall" }).waitFor();
    await page.getByText("Desk link: Front desk (Rizal Hall)").waitFor();
    await page.getByText(`valid until the end of ${longDay(DEMO_WEEKEND.sunday)}`).waitFor();
    await presentBox(page, "Mónica Yáñez").waitFor();
    assert.equal(await count(page, "All"), 12);
    assert.equal(await count(page, "Not yet in"), 12);
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("search `monica` finds Mónica Yáñez; one tap marks her present: the workbook changes and the counts move", async () => {
    await page.getByRole("searchbox", { name: "Find a person" }).fill("monica");
    assert.equal(await page.getByRole("listitem").count(), 1);
    const box = presentBox(page, "Mónica Yáñez");
    const answered = page.waitForResponse((response) => isPut(response.request()));
    await box.tap();
    assert.equal(await box.isChecked(), true, "the row changes at once");
    assert.equal((await answered).status(), 200);
    await page.getByText(/In at .*\d\d:\d\d/).waitFor();
    assert.equal(await count(page, "Present"), 1);
    assert.equal(await count(page, "Not yet in"), 11);

    const row = await attendanceRow(workbooks, SHEET, "monica yanez");
    assert.equal(row?.present, true);
    assert.match(String(row?.timeIn), /^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    assert.match(String(row?.markedBy), /^In · Front desk \(Rizal Hall\) · \d\d:\d\d$/);
    assert.equal(puts.length, 1);
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("a second phone on the hall follows through the nudge alone: one read per nudge, none by polling", async (t) => {
    const second = await browser.newContext(PHONE);
    const other = await second.newPage();
    other.on("pageerror", (error) => uncaught.push(error.message));
    const reads: number[] = [];
    const otherApiCalls: string[] = [];
    other.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/v3/")) otherApiCalls.push(`${request.method()} ${path}`);
      if (request.method() === "GET" && request.url().endsWith(PEOPLE)) reads.push(Date.now());
    });
    const nudges: string[] = [];
    const keepAlive = { pings: 0, pongs: 0 };
    other.on("websocket", (socket) => {
      if (!socket.url().includes("/attendance/junior-open/open-sun")) return;
      socket.on("framesent", ({ payload }) => {
        if (payload === "ping") keepAlive.pings++;
      });
      socket.on("framereceived", ({ payload }) => {
        if (payload === "pong") keepAlive.pongs++;
        if (String(payload).includes('"attendance"')) nudges.push(String(payload));
      });
    });
    // The page's timers run only when the test says so: any read without a tap or a nudge would be polling.
    await other.clock.install();
    await other.clock.pauseAt(Date.now() + 1_000);
    try {
      await other.goto(deskUrl);
      await presentBox(other, "Rafael Mañalac").waitFor();
      await other.getByRole("status").filter({ hasText: "Live" }).waitFor();
      assert.equal(reads.length, 1, "the read on open");
      const followUp = other.waitForResponse((response) => response.url().endsWith(PEOPLE));
      await other.clock.runFor(11_000);
      await followUp;
      assert.equal(reads.length, 2, "one more read 11 s after opening");

      // The first phone marks Rafael; the second shows it without its clock moving at all.
      await page.getByRole("searchbox", { name: "Find a person" }).fill("rafael");
      const answered = page.waitForResponse((response) => isPut(response.request()));
      await presentBox(page, "Rafael Mañalac").tap();
      await answered;
      const markedAt = Date.now();
      await other.waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLInputElement>("input[type=checkbox]")].some(
            (box) => box.checked && box.labels?.[0]?.textContent?.includes("Rafael Mañalac"),
          ),
        undefined,
        { polling: 50 },
      );
      t.diagnostic(`second phone showed the mark ${Date.now() - markedAt} ms after the first phone's answer`);
      assert.equal(nudges.length, 1);
      assert.equal(reads.length, 3, "one read for the nudge");
      assert.equal(await count(other, "Present"), 2);

      // Two marks in a row, past the first nudge's gap: one read at once, one more at the end of the 2 s gap.
      await other.clock.runFor(2_000);
      for (const player of ["Dolores Magbanua", "Celestina Pérez"]) {
        await page.getByRole("searchbox", { name: "Find a person" }).fill(player);
        const landed = page.waitForResponse((response) => isPut(response.request()));
        await presentBox(page, player).tap();
        await landed;
      }
      await until(() => nudges.length === 3);
      await until(() => reads.length === 4);
      await settle();
      assert.equal(reads.length, 4, "the second nudge inside 2 s does not read at once");
      const trailing = other.waitForResponse((response) => response.url().endsWith(PEOPLE));
      await other.clock.runFor(2_000);
      await trailing;
      assert.equal(reads.length, 5);
      // The read's answer is in; the page shows it once it has rendered it.
      await other.getByRole("checkbox", { name: "Celestina Pérez Present", checked: true }).waitFor();
      assert.equal(await count(other, "Present"), 4);

      // A minute of the page's time with no nudge: nothing polls. The minute goes by in steps, each
      // ping's pong let in before the next: run at once, the page would find its socket silent and
      // (rightly) reconnect and read again.
      for (let second = 0; second < 60; second += 5) {
        await other.clock.runFor(5_000);
        await until(() => keepAlive.pongs === keepAlive.pings);
      }
      await settle();
      assert.equal(reads.length, 5);
      assert.deepEqual(otherApiCalls, Array(5).fill(`GET ${PEOPLE}`));
    } finally {
      await second.close();
    }
  });

  test("offline, two marks wait on the phone; back online, both land exactly once", async () => {
    const before = puts.length;
    await page.getByRole("searchbox", { name: "Find a person" }).fill("");
    await context.setOffline(true);
    await page.getByRole("status").filter({ hasText: "Offline: marks wait on this phone" }).waitFor();
    for (const player of ["Joaquín Santos", "Lorenzo Villanueva"]) {
      await presentBox(page, player).tap();
      assert.equal(await presentBox(page, player).isChecked(), true);
    }
    await page.getByText("2 marks are waiting for the connection").waitFor();
    assert.equal(await page.getByText("Not sent yet").count(), 2);
    assert.equal(puts.length, before, "nothing is sent while offline");

    const landed = Promise.all([
      page.waitForResponse((r) => isPut(r.request()) && r.url().includes("joaquin%20santos")),
      page.waitForResponse((r) => isPut(r.request()) && r.url().includes("lorenzo%20villanueva")),
    ]);
    await context.setOffline(false);
    for (const response of await landed) assert.equal(response.status(), 200);
    await page.getByText("Not sent yet").waitFor({ state: "detached" });
    await settle();
    const sent = puts.slice(before).map((request) => decodeURIComponent(request.url().split("/people/")[1]!));
    assert.deepEqual(sent.sort(), ["joaquin santos/attendance", "lorenzo villanueva/attendance"]);
    for (const key of ["joaquin santos", "lorenzo villanueva"]) {
      assert.equal((await attendanceRow(workbooks, SHEET, key))?.present, true, key);
    }
  });

  test("a link that expires while marks wait says so plainly and keeps the marks visible", async () => {
    const phone = await browser.newContext(PHONE);
    const tab = await phone.newPage();
    tab.on("pageerror", (error) => uncaught.push(error.message));
    const sent: Request[] = [];
    tab.on("request", (request) => {
      if (isPut(request)) sent.push(request);
    });
    await tab.clock.install();
    try {
      await tab.goto(deskUrl);
      await presentBox(tab, "Matías Quiñones").waitFor();
      await phone.setOffline(true);
      await presentBox(tab, "Matías Quiñones").tap();
      await tab.getByText("1 mark is waiting for the connection").waitFor();
      // The day ends (Asia/Manila) while the Wi-Fi is down.
      const token = deskUrl.split("#")[1]!;
      const { exp } = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8"));
      await tab.clock.setSystemTime(exp + 60_000);
      // The page reads its clock every 15 s (the desk store's tick): run it to the next reading
      // rather than wait for it, the Wi-Fi still down.
      await tab.clock.runFor(15_000);
      await phone.setOffline(false);
      await tab
        .getByText(`This desk link expired at the end of ${longDay(DEMO_WEEKEND.sunday)}`)
        .first()
        .waitFor();
      await tab
        .getByRole("region", { name: "1 mark was not sent" })
        .getByText(/Matías Quiñones: present \(Rizal Hall, tapped \d\d:\d\d/)
        .waitFor();
      assert.equal(await presentBox(tab, "Matías Quiñones").isChecked(), true);
      assert.equal(await tab.getByText("Not sent", { exact: true }).count(), 1);
      assert.equal(sent.length, 0);
      assert.deepEqual(await seriousViolations(tab), []);
    } finally {
      await phone.close();
    }
  });

  test("without a link the page says where to get one; a scorer link is sent to the score page", async () => {
    const tab = await context.newPage();
    await tab.goto(run.stack.pages["desk"] as string);
    await tab.getByRole("heading", { name: "Open your desk link" }).waitFor();
    await tab.getByText("This page opens from a desk link.").waitFor();
    assert.deepEqual(await seriousViolations(tab), []);
    const scorer = await run.api("POST", "/v3/days/open-sun/scores/scorer-links", {});
    await tab.getByLabel("Paste your desk link").fill(`${run.stack.front}/score/#${scorer.body.token}`);
    await tab.getByRole("button", { name: "Open" }).tap();
    await tab.getByText("That is a scorer link: open it on the score page.", { exact: false }).waitFor();
    await tab.close();
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});
