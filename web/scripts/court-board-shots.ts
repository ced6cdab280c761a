/**
 * The court board's pictures for docs/pages.md (issue 38): the console's Courts screen of the
 * demo's Saturday at Rizal Hall on a laptop (1280 px) and a phone (360 px), with everyone checked
 * in, one match in play with its live score, one called, and the next match offered on the free
 * courts. Called by screenshots.ts (`npm run screenshots -w web`, or `… -- courts` for these
 * alone) on its stack, with the Saturday synced and live.
 */
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE } from "../test/support/chromium.ts";
import type { RunningStack } from "../test/support/stack.ts";

const PEOPLE = "/v3/days/open-sat/facilities/Rizal%20Hall/people";
const MATCHES = "/v3/days/open-sat/facilities/Rizal%20Hall/matches";

/** Takes the two pictures into `out`. */
export async function courtBoardShots(run: RunningStack, browser: Browser, out: string): Promise<void> {
  const desk = (await run.api("POST", "/v3/days/open-sat/attendance/desk-links", { issuedTo: "Front desk" }))
    .body.token as string;
  const listed = (await run.api("GET", PEOPLE, undefined, desk)).body as { key: string }[];
  for (const { key } of listed)
    await run.api("PUT", `${PEOPLE}/${encodeURIComponent(key)}/attendance`, { present: true }, desk);

  const laptop = await browser.newContext(DESKTOP);
  const page = await laptop.newPage();
  await page.goto(run.stack.pages["console"] as string);
  await page.getByLabel("Username").fill("operator");
  await page.getByLabel("Password").fill(run.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel(/Saturday · Group stage/).check();
  await page.getByRole("button", { name: "Run this day" }).click();
  await page.getByRole("link", { name: "Courts", exact: true }).click();
  // Two taps on the board: the first match counted live, the second called.
  const played: string[] = [];
  for (const court of ["Court 1", "Court 2"]) {
    const button = page
      .getByRole("region", { name: court, exact: true })
      .getByRole("button", { name: new RegExp(`^Call match \\d+ to ${court}$`) });
    const number = /match (\d+)/.exec((await button.textContent()) ?? "")?.[1] as string;
    await button.click();
    await page
      .getByRole("region", { name: court, exact: true })
      .locator(".court-state", { hasText: /^Called/ })
      .waitFor();
    played.push(number);
  }
  for (const [seq, a, b] of [
    [1, 14, 11],
    [2, 15, 11],
    [3, 15, 12],
  ] as const)
    await run.api("PUT", `${MATCHES}/${played[0]}/live`, { seq, team1Points: a, team2Points: b, game: 1 });
  await page.getByText("live 15–12 · game 1").waitFor();
  const shot = async (on: Page, file: string, fullPage: boolean) => {
    await on.screenshot({ path: `${out}${file}`, fullPage });
    console.log(`wrote docs/pages/${file}`);
  };
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await shot(page, "console-courts-desktop.png", true);

  const session = await page.evaluate(() => sessionStorage.getItem("tournament-ops.operator-session"));
  const phone = await browser.newContext(PHONE);
  const small = await phone.newPage();
  await small.goto(run.stack.pages["console"] as string);
  await small.getByRole("heading", { name: "Sign in" }).waitFor();
  await small.evaluate(
    (value) => sessionStorage.setItem("tournament-ops.operator-session", value ?? ""),
    session,
  );
  await small.goto(`${run.stack.pages["console"]}?day=open-sat&view=courts`);
  await small.getByText("live 15–12 · game 1").waitFor();
  await small.getByRole("heading", { name: "Courts of Rizal Hall" }).evaluate((h) => h.scrollIntoView());
  await shot(small, "console-courts-phone.png", false);
  await phone.close();
  await laptop.close();
}
