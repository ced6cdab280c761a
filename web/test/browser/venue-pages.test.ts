// The desk, score and public pages at the moments a venue day depends on them (issue 26), in a
// real Chromium at phone size (360 × 740, touch) against the stack started as `npm start` starts
// it: a scorer link expired on the phone's clock, a sheet scanned before the scorer link, the
// sheet changing under unsaved numbers, a desk link revoked while open, the status line of a day
// not public yet and of live push switched off, and the registry's words. The same pages opened
// without a network (the service worker) are in offline-pages.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { expiryText } from "../../src/lib/links/expiry.ts";
import { launchChromium, PHONE, seriousViolations, withoutChromium } from "../support/chromium.ts";
import { DEMO_WEEKEND, longDay } from "../support/demo-weekend.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

const SCORE = "/v3/days/open-sat/facilities/Rizal%20Hall/matches/";
const isSave = (request: Request) => request.method() === "PUT" && request.url().includes(SCORE);
const side = (page: Page, n: 1 | 2) => page.getByRole("textbox").nth(n - 1);
const presentBox = (page: Page, player: string) => page.getByRole("checkbox", { name: `${player} Present` });
/** A link's expiry, read from its token's payload as the page reads it. */
const expiryOf = (token: string): number =>
  JSON.parse(Buffer.from(token.split(".")[0] as string, "base64url").toString("utf8")).exp;

describe("the venue day's pages in Chromium, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let scorer: string;
  const uncaught: string[] = [];
  const contexts: BrowserContext[] = [];
  const matchUrl = (match: number) =>
    `${run.stack.pages["score"]}?${new URLSearchParams({ facility: "Rizal Hall", match: String(match) })}`;
  /** A phone of its own, its page errors collected. */
  const phone = async () => {
    const context = await browser.newContext(PHONE);
    contexts.push(context);
    context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
    return context;
  };

  before(async () => {
    run = await startStack();
    await run.signIn();
    assert.equal((await run.api("PUT", "/v3/days/open-sat/visibility", { isLive: true })).status, 200);
    assert.equal((await run.api("POST", "/v3/days/open-sat/syncs")).status, 200);
    assert.equal((await run.api("POST", "/v3/days/open-sun/syncs")).status, 200);
    const link = await run.api("POST", "/v3/days/open-sat/scores/scorer-links", {
      issuedTo: "Court 1 umpire",
    });
    assert.equal(link.status, 201);
    scorer = link.body.token;
    browser = await launchChromium();
  });

  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await run?.stop();
  });

  test("row 2: with the phone's clock past the kept link's expiry, a scanned sheet says when it expired, in Manila time", async () => {
    const umpire = await phone();
    const page = await umpire.newPage();
    await page.clock.install();
    await page.goto(`${run.stack.pages["score"]}#${scorer}`);
    await page.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
    const exp = expiryOf(scorer);
    await page.clock.setSystemTime(exp + 8 * 3_600_000);
    await page.goto(matchUrl(107));
    await page.getByRole("heading", { level: 1, name: "Your scorer link has expired" }).waitFor();
    const said = await page.getByRole("alert").innerText();
    assert.equal(said, `Your scorer link expired at ${expiryText(exp)}; ask the control desk for a new one.`);
    assert.match(said, /expired at \d\d:\d\d on \w+day \d+ \w+;/);
    await page.getByText("After that, match 107 of Rizal Hall opens here").waitFor();
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("row 3: a sheet's QR code scanned first, then the scorer link's: the scanned match opens", async () => {
    const umpire = await phone();
    const page = await umpire.newPage();
    await page.goto(matchUrl(107));
    await page.getByRole("heading", { level: 1, name: "Open today’s scorer link" }).waitFor();
    // The link's QR code opens the score page at its own address, with no match in it.
    const linkPage = await umpire.newPage();
    await linkPage.goto(`${run.stack.pages["score"]}#${scorer}`);
    await linkPage.getByRole("heading", { level: 1, name: "Match 107" }).waitFor();
    assert.deepEqual(
      Object.fromEntries(new URL(linkPage.url()).searchParams),
      { facility: "Rizal Hall", match: "107" },
      "the address names the match, so Back and a reload keep it",
    );
    assert.equal(new URL(linkPage.url()).hash, "");
  });

  test("row 4: “On the sheet” follows the live day under unsaved numbers, and the change is warned of before Save", async () => {
    const umpire = await phone();
    const page = await umpire.newPage();
    const saves: Request[] = [];
    page.on("request", (request) => {
      if (isSave(request)) saves.push(request);
    });
    await page.goto(`${run.stack.pages["score"]}#${scorer}`);
    await page.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
    await page.goto(matchUrl(108));
    await page.getByText("On the sheet: no score").waitFor();
    await page.getByRole("status").filter({ hasText: "Live" }).waitFor();
    await side(page, 1).fill("21");
    await side(page, 2).fill("19");
    // Another phone saves the match meanwhile (the control desk, as the operator).
    const meanwhile = await run.api("PUT", `${SCORE}108/score`, {
      expected: { team1Score: null, team2Score: null },
      team1Score: 15,
      team2Score: 21,
    });
    assert.equal(meanwhile.status, 200);
    const warning = page.getByRole("alert").filter({ hasText: "The sheet changed while you were scoring" });
    await warning.waitFor();
    assert.match(
      await warning.innerText(),
      /The sheet now holds 15–21; yours is 21–19\. Yours is not saved yet/,
    );
    await page.getByText("On the sheet: 15–21").waitFor();
    assert.deepEqual([await side(page, 1).inputValue(), await side(page, 2).inputValue()], ["21", "19"]);
    assert.equal(saves.length, 0, "warned before any save");
    assert.deepEqual(await seriousViolations(page), []);

    const saved = page.waitForResponse((response) => isSave(response.request()));
    await page.getByRole("button", { name: "Keep mine (21–19)" }).tap();
    assert.equal((await saved).status(), 200);
    assert.deepEqual(saves.at(-1)?.postDataJSON(), {
      expected: { team1Score: 15, team2Score: 21 },
      team1Score: 21,
      team2Score: 19,
    });
    await page.getByText("On the sheet: 21–19").waitFor();
    await warning.waitFor({ state: "detached" });
  });

  test("row 7: a desk link revoked while open says so, clears the list and offers the unsent mark for hand-over", async () => {
    const issued = await run.api("POST", "/v3/days/open-sun/attendance/desk-links", {
      issuedTo: "Gate 3",
      note: "Rizal Hall",
    });
    assert.equal(issued.status, 201);
    const desk = await phone();
    await desk.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await desk.newPage();
    await page.goto(`${run.stack.pages["desk"]}#${issued.body.token}`);
    await presentBox(page, "Mónica Yáñez").waitFor();
    // The mark waits offline; the link is revoked meanwhile. Back online, whichever the service
    // refuses first (the mark, or the read the revocation's notice asks for) stops the desk.
    await desk.setOffline(true);
    await presentBox(page, "Mónica Yáñez").tap();
    await page.getByText("1 mark is waiting for the connection").waitFor();
    const { links } = (await run.api("GET", "/v3/days/open-sun/links")).body as {
      links: Array<{ linkId: string; issuedTo?: string }>;
    };
    const linkId = links.find((l) => l.issuedTo === "Gate 3")?.linkId as string;
    assert.equal(
      (await run.api("PUT", `/v3/days/open-sun/links/${encodeURIComponent(linkId)}/revocation`)).status,
      200,
    );
    await desk.setOffline(false);
    const stopped = page.getByRole("alert").filter({ hasText: "This link was revoked" });
    await stopped.waitFor();
    assert.match(
      await stopped.innerText(),
      /revoked by the control desk.*Ask the control desk for a new desk link/s,
    );
    await page.getByText("Desk link: Gate 3 (Rizal Hall) · revoked by the control desk").waitFor();
    await page.getByRole("status").filter({ hasText: "Marks are off: this link no longer works" }).waitFor();
    // Issue 35 L1: the refused link's list is cleared from the screen; the unsent mark is handed over.
    assert.equal(await presentBox(page, "Joaquín Santos").count(), 0, "the list is cleared");
    const handOver = page.getByRole("region", { name: "1 mark was not sent" });
    await handOver.getByText(/Mónica Yáñez: present \(Rizal Hall, tapped \d\d:\d\d\)/).waitFor();
    await handOver.getByRole("button", { name: "Copy the list" }).tap();
    await handOver.getByText("Copied.").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(
      copied.startsWith(
        `Marks not sent by Desk link: Gate 3 (Rizal Hall), ${longDay(DEMO_WEEKEND.sunday)}:\n- Mónica Yáñez: present`,
      ),
      copied,
    );
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("row 9: “Live” only when the socket is open and the day public; push switched off reads as “Updated every 30 s”", async () => {
    const spectators = await phone();
    const page = await spectators.newPage();
    await page.goto(`${run.stack.pages["public"]}?day=open-sun`);
    await page.getByText("Connected: waiting for the results").waitFor();
    await page.getByText(/are not public yet/).waitFor();
    assert.equal(
      await page.getByText("Live", { exact: true }).count(),
      0,
      "no “Live” beside “not public yet”",
    );

    assert.equal((await run.api("PUT", "/v3/settings/live-push", { enabled: false })).status, 200);
    try {
      await page.goto(`${run.stack.pages["public"]}?day=open-sat`);
      const status = page.getByRole("status").filter({ hasText: "Updated every 30 s" });
      await status.waitFor();
      assert.equal(await page.getByRole("button", { name: "Retry" }).count(), 0);
      assert.equal(await page.getByRole("alert").count(), 0, "not an error");
      assert.deepEqual(await seriousViolations(page), []);
    } finally {
      await run.api("PUT", "/v3/settings/live-push", { enabled: true });
    }
  });

  test("row 10: the registry's words instead of codes, and times of another day with their day", async () => {
    assert.equal((await run.api("PUT", "/v3/days/dual-sat/visibility", { isLive: true })).status, 200);
    assert.equal((await run.api("POST", "/v3/days/dual-sat/syncs")).status, 200);
    const spectators = await phone();
    const page = await spectators.newPage();
    await page.goto(`${run.stack.pages["public"]}?day=dual-sat`);
    const first = page.getByRole("listitem").filter({ hasText: "Match 1:" });
    await first.waitFor();
    assert.match(await first.innerText(), /Men's singles/, "the dual meet's MS in the registry's words");

    const umpire = await phone();
    const score = await umpire.newPage();
    await score.clock.install();
    await score.goto(`${run.stack.pages["score"]}#${scorer}`);
    await score.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
    await score.goto(matchUrl(110));
    await score.getByRole("heading", { level: 1, name: "Match 110" }).waitFor();
    const form = await score.locator("form.score-form").innerText();
    assert.doesNotMatch(form, /\([A-Z]+\d*[A-Z]*\d*_\d+\)/, "no team code beside the names");
    // The next morning, the same page says which day its results are from.
    const { generatedAt } = await (await fetch(`${run.stack.front}/junior-open/data/open-sat.json`)).json();
    await score.clock.setSystemTime(Date.parse(generatedAt) + 24 * 3_600_000);
    await score.clock.runFor(30_000);
    await score.getByText(/updated \d\d:\d\d on \w{3} \d+ \w{3}/).waitFor();
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});
