/**
 * `npm run screenshots -w web`: the pictures of the pages in docs/pages/ (shown in the README), taken
 * in Chromium from the stack started as `npm start` starts it, with the demo tournament's Saturday
 * synced and a few scores entered, and the Sunday's check-in under way at Rizal Hall.
 */
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { DESKTOP, launchChromium, PHONE, withoutChromium } from "../test/support/chromium.ts";
import { startStack } from "../test/support/stack.ts";

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
  await shoot("desk-phone.png", `${run.stack.pages["desk"]}#${desk}`, "Rizal Hall");
  await shoot("score-day-phone.png", `${run.stack.pages["score"]}#${link}`, "Enter scores");
  const match = new URLSearchParams({ facility: "Rizal Hall", match: "107" });
  await shoot("score-match-phone.png", `${run.stack.pages["score"]}?${match}#${link}`, "Match 107");

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
} finally {
  await browser.close();
  await run.stop();
}

/** A phone-size picture of `url` once its main heading says `heading`. */
async function shoot(file: string, url: string, heading: string): Promise<void> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}${file}` });
  await context.close();
  console.log(`wrote docs/pages/${file}`);
}
