/**
 * `npm run screenshots -w web`: the pictures of the pages in docs/pages/ (shown in the README), taken
 * in Chromium from the stack started as `npm start` starts it, with the demo tournament's Saturday
 * synced and a few scores entered, the Sunday's check-in under way at Rizal Hall, the spectators'
 * views and the hall display (`spectator-screenshots.ts`), the operator console on the Sunday; and
 * the venue day's moments (venue-shots.ts), the court board (court-board-shots.ts). `… -- venue`
 * takes those alone, `… -- display` the hall display's, `… -- courts` the court board's.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, launchChromium, PHONE, withoutChromium } from "../test/support/chromium.ts";
import { pagePng } from "../test/support/pdf-pages.ts";
import { type RunningStack, startStack } from "../test/support/stack.ts";
import { courtBoardShots } from "./court-board-shots.ts";
import { scoreCheckShots } from "./score-check-shots.ts";
import { displayShots, spectatorShots } from "./spectator-screenshots.ts";
import { venueShots } from "./venue-shots.ts";

const OUT = fileURLToPath(new URL("../../docs/pages/", import.meta.url));

if (withoutChromium) throw new Error(withoutChromium);
await mkdir(OUT, { recursive: true });
const run = await startStack();
const browser = await launchChromium();
try {
  await run.signIn();
  for (const day of ["open-sat", "cup-sun"]) {
    await run.api("PUT", `/v3/days/${day}/visibility`, { isLive: true });
    await run.api("POST", `/v3/days/${day}/syncs`);
  }
  await run.api("POST", "/v3/days/open-ko/syncs");
  const link = (await run.api("POST", "/v3/days/open-sat/scores/scorer-links", {})).body.token as string;
  for (const [match, a, b] of [
    [105, 21, 18],
    [106, 14, 21],
  ] as const) {
    await run.api(
      "PUT",
      `/v3/days/open-sat/facilities/Rizal%20Hall/matches/${match}/score`,
      { expected: { team1Score: null, team2Score: null }, team1Score: a, team2Score: b },
      link,
    );
  }
  await run.api("POST", "/v3/days/open-sun/syncs");
  if (process.argv[2] === "display") await displayShots(run, browser, OUT);
  else if (process.argv[2] === "score") await scoreCheckShots(run, browser, OUT);
  else if (process.argv[2] === "courts") await courtBoardShots(run, browser, OUT);
  else {
    if (process.argv[2] !== "venue") await pageShots(run, browser, link);
    await venueShots(run, browser, OUT);
    if (process.argv[2] !== "venue") await courtBoardShots(run, browser, OUT);
    await scoreCheckShots(run, browser, OUT);
  }
} finally {
  await browser.close();
  await run.stop();
}

/** The pages' own pictures: the desk, the score page, the public page, the console. */
async function pageShots(run: RunningStack, browser: Browser, link: string): Promise<void> {
  const desk = (
    await run.api("POST", "/v3/days/open-sun/attendance/desk-links", {
      issuedTo: "Front desk",
      note: "Rizal Hall",
    })
  ).body.token as string;
  const people = "/v3/days/open-sun/facilities/Rizal%20Hall/people";
  const listed = (await run.api("GET", people, undefined, desk)).body as { key: string }[];
  for (const { key } of listed.slice(0, 3)) {
    await run.api("PUT", `${people}/${encodeURIComponent(key)}/attendance`, { present: true }, desk);
  }
  await shoot(browser, "desk-phone.png", `${run.stack.pages["desk"]}#${desk}`, "Rizal Hall");
  await shoot(browser, "score-day-phone.png", `${run.stack.pages["score"]}#${link}`, "Enter scores");
  const match = new URLSearchParams({ facility: "Rizal Hall", match: "107" });
  await shoot(browser, "score-match-phone.png", `${run.stack.pages["score"]}?${match}#${link}`, "Match 107");

  const shots: Array<[string, typeof PHONE | typeof DESKTOP, string]> = [
    ["public-events-phone.png", PHONE, ""],
    ["public-day-phone.png", PHONE, "?day=open-sat"],
    ["public-team-phone.png", PHONE, "?day=cup-sun"],
    ["public-day-desktop.png", DESKTOP, "?day=open-sat"],
  ];
  for (const [file, device, query] of shots) {
    const context = await browser.newContext(device);
    const page = await context.newPage();
    await page.goto(`${run.stack.pages["public"]}${query}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    if (query !== "") await page.getByRole("status").filter({ hasText: "Live" }).waitFor();
    await page.screenshot({ path: `${OUT}${file}` });
    await context.close();
    console.log(`wrote docs/pages/${file}`);
  }
  await spectatorShots(run, browser, OUT);
  await consoleShots(run, browser);
}

/** A phone-size picture of `url` once its main heading says `heading`. */
async function shoot(browser: Browser, file: string, url: string, heading: string): Promise<void> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}${file}` });
  await context.close();
  console.log(`wrote docs/pages/${file}`);
}

/** The operator console on the demo's Sunday: sign-in, the picker, each screen of the day. */
async function consoleShots(run: RunningStack, browser: Browser): Promise<void> {
  const shot = async (page: Page, file: string, fullPage = false) => {
    await page.screenshot({ path: `${OUT}${file}`, fullPage });
    console.log(`wrote docs/pages/${file}`);
  };
  const laptop = await browser.newContext({ ...DESKTOP, acceptDownloads: true });
  const page = await laptop.newPage();
  await page.goto(run.stack.pages["console"] as string);
  await page.getByLabel("Username").fill("operator");
  await page.getByLabel("Password").fill(run.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Choose the day to run" }).waitFor();
  await page.getByLabel(/Sunday · Group stage/).check();
  await shot(page, "console-picker-desktop.png");
  await page.getByRole("button", { name: "Run this day" }).click();
  await page.getByRole("button", { name: "Sync the whole day" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "Sync of the whole day done" })
    .waitFor({ timeout: 60_000 });
  await page.getByRole("heading", { name: "Diagnostics" }).waitFor();
  await shot(page, "console-run-desktop.png", true);

  await page.getByRole("link", { name: "Links" }).click();
  const desks = page.getByRole("region", { name: "Desk links" });
  await desks.getByLabel(/Who gets it/).fill("Gate 2");
  await desks.getByRole("button", { name: "Issue a desk link" }).click();
  await page.getByRole("region", { name: "Desk link: Gate 2" }).waitFor();
  await desks.getByLabel(/Who gets it/).fill("Front desk");
  await desks.getByLabel(/Note/).fill("Rizal Hall");
  await desks.getByRole("button", { name: "Issue a desk link" }).click();
  await page.getByRole("region", { name: "Desk link: Front desk (Rizal Hall)" }).waitFor();
  const list = page.getByRole("region", { name: "Links of this day" });
  const gate = list.getByRole("listitem").filter({ hasText: "Desk · Gate 2" });
  await gate.getByRole("button", { name: /^Revoke/ }).click();
  await gate.getByRole("button", { name: "Yes, revoke Gate 2" }).click();
  await gate.getByText(/Revoked at \d\d:\d\d/).waitFor();
  await shot(page, "console-links-desktop.png", true);

  await page.getByRole("link", { name: "Scoresheets" }).click();
  await page.getByLabel("Facility").selectOption("Rizal Hall");
  await page.getByText("12 matches to print.").waitFor();
  await shot(page, "console-scoresheets-desktop.png", true);
  // One hall's sheets as printed: page 1 at a phone's width (360 px at twice the pixels), its QR code legible.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Make the scoresheets" }).click();
  const pdf = await readFile(await (await download).path());
  await writeFile(`${OUT}scoresheet-hall-phone.png`, await pagePng(pdf, 1, 720));
  console.log("wrote docs/pages/scoresheet-hall-phone.png");

  await page.getByRole("link", { name: /^Clashes/ }).click();
  await page
    .getByRole("region", { name: "Players not checked in" })
    .getByRole("button", { name: "Read the attendance lists again" })
    .waitFor();
  await shot(page, "console-clashes-desktop.png", true);

  // The same console on a phone: the links screen with the QR code to show a volunteer.
  const token = await page.evaluate(() => sessionStorage.getItem("tournament-ops.operator-session"));
  const links = await page.evaluate(() => sessionStorage.getItem("tournament-ops.issued-links"));
  const phone = await browser.newContext(PHONE);
  const small = await phone.newPage();
  await small.goto(run.stack.pages["console"] as string);
  await small.getByRole("heading", { name: "Sign in" }).waitFor();
  await small.evaluate(
    ([session, issued]) => {
      sessionStorage.setItem("tournament-ops.operator-session", session as string);
      sessionStorage.setItem("tournament-ops.issued-links", issued as string);
    },
    [token, links],
  );
  await small.goto(`${run.stack.pages["console"]}?day=open-sun&view=links`);
  await small.getByRole("heading", { name: "Links of this day" }).waitFor();
  await small
    .getByRole("button", { name: /Show the QR code/ })
    .first()
    .click();
  await small.getByRole("img", { name: /QR code of the desk link/ }).waitFor();
  await shot(small, "console-link-phone.png");

  // The score screen on a phone: an umpire's score corrected, with who wrote each.
  const scorer = await run.api("POST", "/v3/days/open-sun/scores/scorer-links", {
    issuedTo: "Ana",
    note: "Court 1",
  });
  await run.api(
    "PUT",
    "/v3/days/open-sun/facilities/Rizal%20Hall/matches/301/score",
    { expected: { team1Score: null, team2Score: null }, team1Score: 21, team2Score: 15 },
    scorer.body.token,
  );
  await small.getByRole("link", { name: "Scores", exact: true }).click();
  await small.getByLabel("Match number, court or player").fill("301");
  await small.getByRole("button", { name: /^Match 301/ }).click();
  const form = small.getByRole("region", { name: "Match 301 · Rizal Hall" });
  await form.getByText("On the sheet: 21–15.").waitFor();
  await form.getByRole("textbox").last().fill("17");
  await form.getByRole("button", { name: "Save score" }).click();
  await form.getByRole("status").filter({ hasText: "Saved: 21–17" }).waitFor({ timeout: 60_000 });
  await form.getByRole("heading").evaluate((heading) => heading.scrollIntoView());
  await shot(small, "console-scores-phone.png");
  await phone.close();
  await laptop.close();
}
