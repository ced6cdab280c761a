/**
 * The pictures of the moments a venue day depends on (issue 26), for docs/pages.md, at phone size
 * (360 px): the expired scorer link, the sheet changing under unsaved numbers, the desk page opened
 * offline, and the revoked desk page. Called by screenshots.ts (`npm run screenshots -w web`, or
 * `… -- venue` for these alone) on its stack, with the Saturday synced and live.
 */
import type { Browser, Page } from "playwright-core";
import { PHONE } from "../test/support/chromium.ts";
import type { RunningStack } from "../test/support/stack.ts";

/** Takes the four pictures into `out`. */
export async function venueShots(run: RunningStack, browser: Browser, out: string): Promise<void> {
  const score = run.stack.pages["score"] as string;
  const desk = run.stack.pages["desk"] as string;
  const match = (n: number) =>
    `${score}?${new URLSearchParams({ facility: "Rizal Hall", match: String(n) })}`;
  const shot = async (page: Page, file: string) => {
    await page.screenshot({ path: `${out}${file}`, fullPage: true });
    console.log(`wrote docs/pages/${file}`);
  };
  const phone = async () => (await browser.newContext(PHONE)).newPage();
  const scorer = (
    await run.api("POST", "/v3/days/open-sat/scores/scorer-links", { issuedTo: "Court 2 umpire" })
  ).body.token as string;

  // A scorer link kept on the phone, the phone's clock past its expiry, a sheet scanned.
  const late = await phone();
  await late.clock.install();
  await late.goto(`${score}#${scorer}`);
  await late.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
  const { exp } = JSON.parse(Buffer.from(scorer.split(".")[0] as string, "base64url").toString("utf8"));
  await late.clock.setSystemTime(exp + 8 * 3_600_000);
  await late.goto(match(107));
  await late.getByRole("heading", { level: 1, name: "Your scorer link has expired" }).waitFor();
  await shot(late, "score-expired-phone.png");
  await late.context().close();

  // The umpire's numbers unsaved while another phone saves the match.
  const umpire = await phone();
  await umpire.goto(`${score}#${scorer}`);
  await umpire.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
  await umpire.goto(match(111));
  await umpire.getByRole("status").filter({ hasText: "Live" }).waitFor();
  await umpire.getByRole("textbox").nth(0).fill("21");
  await umpire.getByRole("textbox").nth(1).fill("19");
  await run.api("PUT", "/v3/days/open-sat/facilities/Rizal%20Hall/matches/111/score", {
    expected: { team1Score: null, team2Score: null },
    team1Score: 15,
    team2Score: 21,
  });
  await umpire.getByRole("alert").filter({ hasText: "The sheet changed while you were scoring" }).waitFor();
  await shot(umpire, "score-sheet-changed-phone.png");
  await umpire.context().close();

  // The desk page opened with no network, two marks waiting.
  const frontDesk = (
    await run.api("POST", "/v3/days/open-sun/attendance/desk-links", {
      issuedTo: "Front desk",
      note: "Rizal Hall",
    })
  ).body.token as string;
  const offline = await phone();
  await offline.goto(`${desk}#${frontDesk}`);
  await offline.getByRole("checkbox", { name: "Mónica Yáñez Present" }).waitFor();
  await workerAnswers(offline);
  await offline.context().setOffline(true);
  for (const player of ["Mónica Yáñez", "Joaquín Santos"]) {
    await offline.getByRole("checkbox", { name: `${player} Present` }).tap();
  }
  await offline.reload();
  await offline.getByText("2 marks are waiting for the connection").waitFor();
  await offline.screenshot({ path: `${out}desk-offline-phone.png` });
  console.log("wrote docs/pages/desk-offline-phone.png");
  await offline.context().close();

  // A desk link revoked while its page is open, one mark refused.
  const gate = (
    await run.api("POST", "/v3/days/open-sun/attendance/desk-links", {
      issuedTo: "Gate 2",
      note: "Rizal Hall",
    })
  ).body.token as string;
  const revoked = await phone();
  await revoked.goto(`${desk}#${gate}`);
  await revoked.getByRole("checkbox", { name: "Lorenzo Villanueva Present" }).waitFor();
  const { links } = (await run.api("GET", "/v3/days/open-sun/links")).body as {
    links: Array<{ linkId: string; issuedTo?: string }>;
  };
  const linkId = links.find((l) => l.issuedTo === "Gate 2")?.linkId as string;
  await run.api("PUT", `/v3/days/open-sun/links/${encodeURIComponent(linkId)}/revocation`);
  await revoked.getByRole("checkbox", { name: "Lorenzo Villanueva Present" }).tap();
  await revoked.getByRole("region", { name: "1 mark was not sent" }).waitFor();
  await revoked.screenshot({ path: `${out}desk-revoked-phone.png` });
  console.log("wrote docs/pages/desk-revoked-phone.png");
  await revoked.context().close();
}

/** Waits until the service worker answers the page's opening (see web/test/browser/offline-pages.test.ts). */
async function workerAnswers(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    if ((await page.reload())?.fromServiceWorker()) return;
    await page.waitForTimeout(250);
  }
  throw new Error("the service worker never answered the page's opening");
}
