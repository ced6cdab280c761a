// The score page's checks and its point counter in a real Chromium at phone size (360 × 740,
// touch), on the stack as `npm start` starts it (issue 37 rows 1, 2, 4, 5; issue 38 item 4): a score
// the scoring cannot end said before Save and saved with one more tap, a number that does not fit
// refused; a second phone saving over the first, which says so at once; score entry switched to the
// control desk and a revoked link reaching an open page through the relay; an umpire counting a
// game point by point, each point sent live, the final saved from the counter.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import {
  launchChromium,
  PHONE,
  reportingContext,
  seriousViolations,
  withoutChromium,
} from "../support/chromium.ts";
import { liveSaturday, matchAddress, scorerLink } from "../support/score-stack.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

const MATCHES = "/v3/days/open-sat/facilities/Rizal%20Hall/matches/";
const side = (page: Page, n: 1 | 2) => page.getByRole("textbox").nth(n - 1);
const pointButton = (page: Page, n: 1 | 2) =>
  page.getByRole("button", { name: /^Point to .+, now \d+$/ }).nth(n - 1);

describe("the score page's checks and point counter in Chromium (issue 37 rows 1, 2, 4, 5; issue 38 item 4)", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let umpire: BrowserContext;
  let page: Page;
  let token: string;
  const uncaught: string[] = [];
  const sent: Request[] = [];
  const matchUrl = (match: number) => matchAddress(run, match);
  const phone = async (linkToken: string) => {
    const context = await reportingContext(browser, PHONE, uncaught, (request) => {
      if (request.method() === "PUT" && request.url().includes(MATCHES)) sent.push(request);
    });
    const opened = await context.newPage();
    await opened.goto(`${run.stack.pages["score"]}#${linkToken}`);
    await opened.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
    return { context, page: opened };
  };

  before(async () => {
    run = await startStack();
    await liveSaturday(run);
    token = await scorerLink(run, "Court 3 umpire");
    browser = await launchChromium();
    ({ context: umpire, page } = await phone(token));
  });

  after(async () => {
    await umpire?.close();
    await browser?.close();
    await run?.stop();
  });

  test("row 1: 21–21 is said before Save and saved only with one more tap; 211 is refused, never cut", async () => {
    await page.goto(matchUrl(111));
    await page.getByText("On the sheet: no score").waitFor();
    await side(page, 1).fill("211");
    assert.equal(await side(page, 1).inputValue(), "211", "kept as typed");
    await page.getByText("“211” is not a score: enter a whole number from 0 to 99.").first().waitFor();
    await side(page, 1).fill("21");
    await side(page, 2).fill("21");
    const rule = page
      .getByRole("alert")
      .filter({ hasText: "21–21 cannot end a game: a game ends at 21, or by two up to 30." });
    await rule.waitFor();
    assert.equal(await page.getByRole("button", { name: "Save score" }).isDisabled(), true);
    assert.deepEqual(await seriousViolations(page), []);
    const saved = page.waitForResponse((response) => response.url().includes(`${MATCHES}111/score`));
    await page
      .getByRole("button", { name: "Save 21–21 anyway: retired, walkover or a handicap start" })
      .tap();
    assert.equal((await saved).status(), 200);
    await page.getByText("Saved: 21–21.").waitFor();
  });

  test("row 2: a second phone saves over the first, which says at once its score was replaced, by whom, with both scores", async () => {
    const second = await phone(await scorerLink(run, "Second umpire"));
    try {
      await page.goto(matchUrl(112));
      await side(page, 1).fill("21");
      await side(page, 2).fill("15");
      await page.getByRole("button", { name: "Save score" }).tap();
      await page.getByText("Saved: 21–15.").waitFor();
      await second.page.goto(matchUrl(112));
      await second.page.getByText("On the sheet: 21–15").waitFor();
      await side(second.page, 1).fill("15");
      await side(second.page, 2).fill("21");
      await second.page.getByRole("button", { name: "Save score" }).tap();
      await second.page.getByText("Saved: 15–21.").waitFor();
      const replaced = page.getByRole("alert").filter({ hasText: "Your score was replaced" });
      await replaced.waitFor();
      await replaced.getByText(/^Saved over by Second umpire/).waitFor();
      assert.match(await replaced.innerText(), /Yours\s*21–15[\s\S]*On the sheet now\s*15–21/);
      assert.equal(await page.getByText("Saved: 21–15.").count(), 0, "the banner never claims 21–15 now");
      assert.deepEqual(await seriousViolations(page), []);
    } finally {
      await second.context.close();
    }
  });

  test("row 4: score entry switched to the control desk reaches the open page: no form, then the form again", async () => {
    await page.goto(matchUrl(108));
    await page.getByText("On the sheet: no score").waitFor();
    assert.equal(
      (await run.api("PUT", "/v3/events/junior-open/score-entry", { scoreEntry: "console" })).status,
      200,
    );
    try {
      await page
        .getByRole("heading", { name: "The control desk enters scores today" })
        .waitFor({ timeout: 10_000 });
      assert.equal(await page.getByRole("button", { name: "Save score" }).count(), 0, "no form is offered");
      assert.deepEqual(await seriousViolations(page), []);
      await page.reload();
      await page.getByRole("heading", { name: "The control desk enters scores today" }).waitFor();
    } finally {
      assert.equal(
        (await run.api("PUT", "/v3/events/junior-open/score-entry", { scoreEntry: "links" })).status,
        200,
      );
    }
    await page.getByRole("button", { name: "Save score" }).waitFor({ timeout: 10_000 });
  });

  test("issue 38: an umpire counts a game point by point, each point sent live, and saves the final from the counter", async () => {
    await page.goto(matchUrl(109));
    await page.getByRole("button", { name: /^Count point by point/ }).tap();
    await page.getByRole("heading", { name: "Game 1" }).waitFor();
    // A name that wraps on one side leaves both scores on one line at 360 px.
    const tops = await page.evaluate(() => {
      const [name, other] = [...document.querySelectorAll(".counter .point-name")] as HTMLElement[];
      if (name === undefined || other === undefined) return { lines: 0, at: [] };
      const kept = name.textContent;
      name.textContent = "Maria Clara de los Santos-Villanueva y Fernández";
      const lines = Math.round(name.getBoundingClientRect().height / other.getBoundingClientRect().height);
      const at = [...document.querySelectorAll(".counter .point-score")].map(
        (s) => s.getBoundingClientRect().top,
      );
      name.textContent = kept;
      return { lines, at };
    });
    assert.ok(tops.lines >= 2, `the long name wraps (${tops.lines} lines)`);
    assert.equal(tops.at.length, 2);
    assert.equal(tops.at[0], tops.at[1], "both scores on one line");
    for (let point = 0; point < 21; point++) {
      await pointButton(page, 1).tap();
      if (point < 19) await pointButton(page, 2).tap();
    }
    await page.getByRole("button", { name: "Undo" }).waitFor();
    const live = sent.filter((request) => request.url().endsWith(`${MATCHES}109/live`));
    assert.ok(live.length > 0, "points are sent live");
    await page.getByRole("button", { name: "Save the final: 21–19" }).waitFor();
    assert.equal(await pointButton(page, 1).isDisabled(), true, "the game is over at 21–19");
    assert.deepEqual(await seriousViolations(page), []);
    const seqs = sent
      .filter((request) => request.url().endsWith(`${MATCHES}109/live`))
      .map((request) => request.postDataJSON().seq as number);
    assert.deepEqual(
      [...seqs].sort((a, b) => a - b),
      seqs,
      "seq counts up",
    );
    const saved = page.waitForResponse((response) => response.url().includes(`${MATCHES}109/score`));
    await page.getByRole("button", { name: "Save the final: 21–19" }).tap();
    assert.equal((await saved).status(), 200);
    // The score PUT itself, read by its address (a live PUT sent before it may be answered after it).
    const scorePut = sent.filter((request) => request.url().endsWith(`${MATCHES}109/score`)).at(-1);
    assert.deepEqual(scorePut?.postDataJSON(), {
      expected: { team1Score: null, team2Score: null },
      team1Score: 21,
      team2Score: 19,
    });
    await page.getByText("Saved: 21–19.").waitFor();
    const scoreAt = sent.indexOf(scorePut as Request);
    assert.deepEqual(
      sent.slice(scoreAt).filter((request) => request.url().endsWith(`${MATCHES}109/live`)),
      [],
      "no live point is sent after the final save",
    );
  });

  test("row 5: a scorer link revoked while its page is open turns the page within seconds", async () => {
    await page.goto(matchUrl(110));
    await page.getByText("On the sheet: no score").waitFor();
    const listed = await run.api("GET", "/v3/days/open-sat/links");
    const mine = (listed.body.links as Array<{ linkId: string; issuedTo: string | null }>).find(
      (link) => link.issuedTo === "Court 3 umpire",
    );
    assert.ok(mine);
    const revoked = await run.api("PUT", `/v3/days/open-sat/links/${mine.linkId}/revocation`);
    assert.equal(revoked.status, 200);
    await page.getByRole("heading", { name: "Open today’s scorer link" }).waitFor({ timeout: 10_000 });
    await page.getByText(/This scorer link was revoked by the control desk/).waitFor();
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});
