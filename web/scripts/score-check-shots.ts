/**
 * The score page's checks and its point counter (issue 37 rows 1, 2, 4; issue 38 item 4), for
 * docs/pages.md, at phone size (360 px): a score the scoring cannot end, said before Save; a score
 * replaced by a second phone; the control desk entering the scores; a game counted point by point.
 * Called by screenshots.ts (`npm run screenshots -w web`, or `… -- score` for these alone).
 */
import type { Browser, Page } from "playwright-core";
import { PHONE } from "../test/support/chromium.ts";
import type { RunningStack } from "../test/support/stack.ts";

/** Takes the four pictures into `out`. */
export async function scoreCheckShots(run: RunningStack, browser: Browser, out: string): Promise<void> {
  const score = run.stack.pages["score"] as string;
  const match = (n: number) =>
    `${score}?${new URLSearchParams({ facility: "Rizal Hall", match: String(n) })}`;
  const shot = async (page: Page, file: string) => {
    await page.screenshot({ path: `${out}${file}`, fullPage: true });
    console.log(`wrote docs/pages/${file}`);
  };
  const umpire = async (issuedTo: string) => {
    const token = (await run.api("POST", "/v3/days/open-sat/scores/scorer-links", { issuedTo })).body
      .token as string;
    const page = await (await browser.newContext(PHONE)).newPage();
    await page.goto(`${score}#${token}`);
    await page.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
    return page;
  };
  const first = await umpire("Court 3 umpire");

  // Row 1: 21–21 typed, said before Save, with the one more tap.
  await first.goto(match(108));
  await first.getByRole("textbox").nth(0).fill("21");
  await first.getByRole("textbox").nth(1).fill("21");
  await first.getByRole("alert").filter({ hasText: "cannot end a game" }).waitFor();
  await shot(first, "score-rule-phone.png");

  // Row 2: saved, then a second phone saves over it.
  await first.goto(match(109));
  await first.getByRole("textbox").nth(0).fill("21");
  await first.getByRole("textbox").nth(1).fill("15");
  await first.getByRole("button", { name: "Save score" }).tap();
  await first.getByText("Saved: 21–15.").waitFor();
  const second = await umpire("Second umpire");
  await second.goto(match(109));
  await second.getByText("On the sheet: 21–15").waitFor();
  await second.getByRole("textbox").nth(0).fill("15");
  await second.getByRole("textbox").nth(1).fill("21");
  await second.getByRole("button", { name: "Save score" }).tap();
  await first.getByText(/^Saved over by Second umpire/).waitFor();
  await shot(first, "score-replaced-phone.png");
  await second.context().close();

  // Issue 38: a game counted point by point.
  await first.goto(match(110));
  await first.getByRole("button", { name: /^Count point by point/ }).tap();
  const point = (n: number) => first.getByRole("button", { name: /^Point to .+, now \d+$/ }).nth(n);
  for (let i = 0; i < 15; i++) await point(i % 3 === 2 ? 1 : 0).tap();
  await first.getByText("Live: spectators see this score.").waitFor();
  await shot(first, "score-counter-phone.png");

  // Row 4: the control desk enters the scores today.
  await run.api("PUT", "/v3/events/junior-open/score-entry", { scoreEntry: "console" });
  try {
    await first.goto(match(112));
    await first.getByRole("heading", { name: "The control desk enters scores today" }).waitFor();
    await shot(first, "score-desk-enters-phone.png");
  } finally {
    await run.api("PUT", "/v3/events/junior-open/score-entry", { scoreEntry: "links" });
  }
  await first.context().close();
}
