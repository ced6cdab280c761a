// The venue-day rehearsal (issues 26, 37, 38): a morning of the demo's Sunday played across every
// role at once, in a real Chromium, on one stack started as `npm start` starts it. The organiser (a
// laptop) signs in, syncs, goes live, issues two desk links and three scorer links and prints Rizal
// Hall's scoresheets; every phone (360 × 740) opens what it reads from a QR code, never a copied
// address. Two desks check in 20 people at the same time, one of them reloaded without a network,
// one link revoked (its idle phone turning within seconds) and replaced; three umpires save ten
// scores from the sheets, one meeting another phone's save before its own (the other phone told its
// score was replaced) and one with its link expired on the phone's clock; in "Operators only" an
// umpire reads that the desk enters scores before typing and the organiser corrects a score; the
// organiser calls matches from the court board, the hall's TV (1920 × 1080, its clock four minutes
// fast) putting the call up large and a spectator who follows one of its players notified of it
// once (the page in the background, the notification read back from its service worker), an
// umpire counts one point by point while a spectator's phone shows it live, and an impossible
// score is refused, then saved as retired. At the end the workbooks, read from the .xlsx files, hold the 20 marks, the twelve scores and the calls
// in CALLS and nothing else changed. The steps run in order on the same stack, pages and phones,
// and stop at the first that fails (service/test/README.md, "The venue-day rehearsal").
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expiryText } from "../../src/lib/links/expiry.ts";
import { DESKTOP, launchChromium, PHONE, withoutChromium } from "../support/chromium.ts";
import { notified, putAway } from "../support/phone-notifications.ts";
import { rehearsalSteps } from "../support/rehearsal-steps.ts";
import { workerReady } from "../support/service-worker.ts";
import { type RunningStack, startStack } from "../support/stack.ts";
import {
  callToCourt,
  checkIn,
  countPoints,
  courtTile,
  issueLink,
  presentBox,
  printScoresheets,
  saveScore,
  scanCard,
  signInToDay,
  typeScore,
} from "../support/venue-day.ts";
import {
  ANNEX_OFFLINE,
  ANNEX_ONLINE,
  ANNEX_RELOADED,
  FINAL,
  RIZAL_AFTER_REPLACE,
  RIZAL_FIRST,
} from "../support/venue-day-cast.ts";
import {
  changedCells,
  headerColumns,
  rowWhere,
  type WorkbookCells,
  workbookCells,
} from "../support/workbook-cells.ts";

describe("the venue-day rehearsal: a morning across every role, in Chromium, on one stack", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let organiser: Page;
  const uncaught: string[] = [];
  const contexts: BrowserContext[] = [];
  /** What the organiser's cards and sheets hold, as the phones' cameras read them. */
  const scanned = { desks: [] as string[], scorers: [] as string[], sheets: new Map<number, string>() };
  const phones: Record<"deskA" | "deskB" | "ana" | "ben" | "carla" | "spectator", Page> = {} as never;
  /** Rizal Hall's TV, 1920 × 1080, opened from the console's display address and left alone. */
  let tv: Page;
  let pristine: WorkbookCells;
  let synced: WorkbookCells;
  /** Each call the organiser made, as the CALLS tab should hold it at the end: match → [court, state]. */
  /** Each call made from a board (its hall's workbook, match and court): its state, and whether points were counted. */
  type Call = { hall: "rizal-hall" | "annex-court"; match: string; court: string };
  const calls = new Map<string, Call & { state: string; counted?: boolean }>();
  const called = (call: Call, state: string, counted?: boolean) =>
    calls.set(`${call.hall} ${call.match} ${call.court}`, { ...call, state, counted });
  const workbooks = () => join(run.stack.dir, "workbooks");
  /** A step of the morning: skipped, naming it, once an earlier step failed. */
  const step = rehearsalSteps();

  /** A person's own browser context (their own storage), its page errors collected. */
  const person = async (device: typeof PHONE | typeof DESKTOP, options = {}) => {
    const context = await browser.newContext({ ...device, ...options });
    contexts.push(context);
    context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
    return context.newPage();
  };

  before(async () => {
    // Every person's browser here reaches the front from one address (127.0.0.1), where a venue's
    // phones each have their own: the front's relay sockets per address (8 by default, a phone
    // with a few tabs) would refuse the ninth page's (429) and leave it on the published file,
    // as it did the TV's after its reload. The eleven pages' sockets fit under 32.
    run = await startStack({ env: { FRONT_SOCKETS_PER_CLIENT: "32" } });
    pristine = await workbookCells(workbooks());
    browser = await launchChromium();
    organiser = await person(DESKTOP, { acceptDownloads: true });
    for (const name of ["deskA", "deskB", "ana", "ben", "carla", "spectator"] as const)
      phones[name] = await person(PHONE);
  });

  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await run?.stop();
  });

  step(
    "the organiser signs in, syncs the day and goes live; the sync wrote only the day's check-in lists; the spectator and Rizal Hall's TV open their pages",
    async () => {
      await signInToDay(organiser, run.stack.pages["console"] as string, run.password);
      await organiser.getByRole("button", { name: "Sync the whole day" }).click();
      await organiser
        .getByRole("status")
        .filter({ hasText: "Sync of the whole day done" })
        .waitFor({ timeout: 60_000 });
      await organiser.getByLabel("Live", { exact: true }).check();
      await organiser.getByRole("button", { name: "Save and republish" }).click();
      await organiser
        .getByRole("status")
        .filter({ hasText: /Saved: Live\./ })
        .waitFor();
      synced = await workbookCells(workbooks());
      const written = changedCells(pristine, synced);
      assert.ok(written.length > 0, "the sync filled the check-in lists");
      assert.deepEqual(
        written.filter(
          (key) => !/^open-sun-(rizal-hall|annex-court)\.xlsx!(ATTENDANCE!|CALLS![A-G]1$)/.test(key),
        ),
        [],
      );

      // A spectator opens the day's public page now, and keeps it open all morning.
      await phones.spectator.goto(`${run.stack.pages["public"]}?day=open-sun`);
      await publicRow(phones.spectator, 301).waitFor();
      await phones.spectator.evaluate(() => {
        (window as { openedOnce?: boolean }).openedOnce = true;
      });

      // Rizal Hall's TV opens the display address the console offers, and is left alone. Its
      // clock was set by hand, four minutes fast: calls are stamped by the service's.
      const display = organiser.getByRole("link", { name: "Rizal Hall display (opens a new tab)" });
      tv = await person(TV);
      await tv.clock.install({ time: Date.now() + 4 * 60_000 });
      await tv.goto((await display.getAttribute("href")) as string);
      await tv.getByRole("heading", { level: 1, name: /Rizal Hall/ }).waitFor();
      await tv
        .getByRole("status")
        .filter({ hasText: /^\s*Live/ })
        .waitFor();
    },
  );

  step(
    "the organiser issues two desk links and three scorer links; each phone opens the one it scans",
    async () => {
      scanned.desks.push(await issueLink(organiser, "desk", "Front desk", "Rizal Hall"));
      scanned.desks.push(await issueLink(organiser, "desk", "Annex desk", "Annex Court"));
      for (const [name, court] of [
        ["Ana", "Court 1"],
        ["Ben", "Court 2"],
        ["Carla", "Court 3"],
      ] as const)
        scanned.scorers.push(await issueLink(organiser, "scorer", name, court));
      for (const address of [...scanned.desks, ...scanned.scorers]) {
        const url = new URL(address);
        assert.equal(`${url.origin}${url.pathname}`.replace(/(desk|score)\/$/, ""), `${run.stack.front}/`);
        assert.match(url.hash, /^#[\w-]+\.[\w-]+$/, "the token travels in the fragment");
      }

      // Carla's phone keeps its own clock, so her link can expire on it later in the morning.
      await phones.carla.clock.install();
      const [deskA, deskB] = [phones.deskA, phones.deskB];
      await deskA.goto(scanned.desks[0] as string);
      await deskB.goto(scanned.desks[1] as string);
      await deskA.getByRole("heading", { level: 1, name: "Rizal Hall" }).waitFor();
      await deskB.getByRole("heading", { level: 1, name: "Annex Court" }).waitFor();
      await deskA.getByText("Desk link: Front desk (Rizal Hall)").waitFor();
      await deskB.getByText("Desk link: Annex desk (Annex Court)").waitFor();
      const umpires = [phones.ana, phones.ben, phones.carla];
      for (const [n, umpire] of umpires.entries()) {
        await umpire.goto(scanned.scorers[n] as string);
        await umpire.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
      }
      await phones.ana.getByText("Scorer link: Ana (Court 1)").waitFor();
    },
  );

  step(
    "the organiser prints Rizal Hall's scoresheets: every sheet carries a QR code of its own match",
    async () => {
      const codes = await printScoresheets(organiser, "Rizal Hall");
      const read = codes.filter((code) => code !== undefined);
      assert.deepEqual(
        read,
        Array.from(
          { length: 12 },
          (_, i) => `${run.stack.front}/score/?facility=Rizal+Hall&match=${301 + i}`,
        ),
      );
      for (const [i, code] of read.entries()) scanned.sheets.set(301 + i, code);
    },
  );

  step(
    "two desks check in at the same time: ten at Rizal Hall, ten at Annex Court (offline for a while, reloaded offline); Front desk's link is revoked and replaced",
    async () => {
      const [deskA, deskB] = [phones.deskA, phones.deskB];
      // Annex Court's phone has opened the page once with its worker, so it opens without a network.
      await workerReady(deskB);
      await Promise.all([checkIn(deskA, RIZAL_FIRST), checkIn(deskB, ANNEX_ONLINE)]);

      // The Annex Court Wi-Fi goes away: three more marks wait on the phone, which is then reloaded.
      await deskB.context().setOffline(true);
      await deskB.getByRole("status").filter({ hasText: "Offline: marks wait on this phone" }).waitFor();
      await checkIn(deskB, ANNEX_OFFLINE, { online: false });
      await deskB.getByText("3 marks are waiting for the connection").waitFor();
      await deskB.reload();
      await deskB.getByRole("heading", { level: 1, name: "Annex Court" }).waitFor();
      await deskB.getByRole("status").filter({ hasText: "Offline: marks wait on this phone" }).waitFor();
      await deskB.getByText("3 marks are waiting for the connection").waitFor();
      for (const [, player] of ANNEX_OFFLINE) assert.equal(await presentBox(deskB, player).isChecked(), true);
      await checkIn(deskB, ANNEX_RELOADED, { online: false });
      await deskB.getByText("6 marks are waiting for the connection").waitFor();

      // Meanwhile the organiser revokes Front desk's link; its phone learns at its next read.
      await organiser.getByRole("link", { name: "Links", exact: true }).click();
      const list = organiser.getByRole("region", { name: "Links of this day" });
      const front = list.getByRole("listitem").filter({ hasText: "Desk · Front desk (Rizal Hall)" });
      await front.getByRole("button", { name: "Revoke Front desk (Rizal Hall)" }).click();
      await front.getByRole("button", { name: "Yes, revoke Front desk (Rizal Hall)" }).click();
      await front.getByText(/^Revoked at \d\d:\d\d$/).waitFor();
      // The phone, idle, turns within seconds through the live connection, with no tap (issue 37
      // row 5): the relay's word of a revocation makes it read its link at once.
      const revoked = deskA.getByRole("alert").filter({ hasText: /link was revoked/ });
      await revoked.waitFor({ timeout: 15_000 });
      // Marks are off: the list goes from the screen (and from the phone's kept copy).
      await deskA.getByRole("checkbox").first().waitFor({ state: "detached" });

      // Replace issues "Front desk 2 (Rizal Hall)" in one step; the desk phone scans its card.
      await front.getByRole("button", { name: "Replace Front desk (Rizal Hall)" }).click();
      const replacement = await scanCard(organiser, "Desk link", "Front desk 2 (Rizal Hall)");
      await deskA.goto(replacement);
      await deskA.getByText("Desk link: Front desk 2 (Rizal Hall)").waitFor();
      await presentBox(deskA, "Matías Quiñones").waitFor();
      assert.equal(await deskA.getByRole("alert").count(), 0);
      await checkIn(deskA, RIZAL_AFTER_REPLACE);

      // The Wi-Fi is back at Annex Court: the six waiting marks are sent.
      await deskB.context().setOffline(false);
      await deskB.getByText(/marks? (is|are) waiting for the connection/).waitFor({ state: "detached" });
      await deskB.getByText("Not sent yet").first().waitFor({ state: "detached" });
    },
  );

  step(
    "three umpires save ten scores from the sheets: one sees another phone's save before saving, one link expires and is replaced",
    async () => {
      const { ana, ben, carla } = phones;
      const sheet = (match: number) => scanned.sheets.get(match) as string;
      /** An umpire scans a match's sheet, types its score and saves it. */
      const score = async (umpire: Page, match: number, shown = FINAL[match]?.score as [number, number]) => {
        await typeScore(umpire, sheet(match), match, shown);
        await saveScore(umpire, shown);
      };
      // The saves of one day are published together (a commit at most every 8 s): the umpires play
      // side by side, as they do at a venue, so each round of saves shares a commit.
      await Promise.all([score(ana, 301), score(ben, 303), score(carla, 307)]);

      const expiry = (address: string) =>
        JSON.parse(
          Buffer.from(new URL(address).hash.slice(1).split(".")[0] as string, "base64url").toString(),
        ).exp as number;
      const expired = expiry(scanned.scorers[2] as string);
      const renewLink = async () => {
        // Carla's phone clock passes her link's expiry; the next sheet she scans says so.
        await carla.clock.setFixedTime(expired + 1);
        await carla.goto(sheet(308));
        await carla.getByRole("heading", { level: 1, name: "Your scorer link has expired" }).waitFor();
        assert.equal(
          await carla.getByRole("alert").innerText(),
          `Your scorer link expired at ${expiryText(expired)}; ask the control desk for a new one.`,
        );
        await carla.getByText("After that, match 308 of Rizal Hall opens here").waitFor();
        const renewed = await issueLink(organiser, "scorer", "Carla", "Court 3");
        assert.ok(expiry(renewed) > expired + 1, "issued later, the new link outlasts the phone's clock");
        await carla.goto(renewed);
        await carla.getByRole("heading", { level: 1, name: "Match 308" }).waitFor();
        await score(carla, 308);
      };
      await Promise.all([score(ana, 302, [21, 12]), score(ben, 304), renewLink()]);

      // Ana is typing 305 when Ben, on the next court, saves the same match first.
      const anaSaves: string[] = [];
      ana.on("request", (request) => {
        if (request.method() === "PUT" && request.url().includes("/matches/305/"))
          anaSaves.push(request.url());
      });
      await typeScore(ana, sheet(305), 305, [21, 19]);
      await Promise.all([score(ben, 305, [15, 21]), score(carla, 309)]);
      const warning = ana.getByRole("alert").filter({ hasText: "The sheet changed while you were scoring" });
      await warning.waitFor();
      assert.match(await warning.innerText(), /The sheet now holds 15–21; yours is 21–19\./);
      assert.deepEqual(anaSaves, [], "Ana is warned before she saves");
      const keepMine = async () => {
        await ana.getByRole("button", { name: "Keep mine (21–19)" }).tap();
        await ana.getByText("Saved: 21–19.").waitFor();
      };
      await keepMine();
      // Ben's phone, still on 305, says at once that its score was replaced, by whom, with both
      // scores, and its banner no longer claims 15–21 (issue 37 row 2).
      const replaced = ben.getByRole("alert").filter({ hasText: "Your score was replaced" });
      await replaced.waitFor();
      await replaced.getByText(/^Saved over by Ana \(Court 1\)/).waitFor();
      assert.match(await replaced.innerText(), /Yours\s*15–21[\s\S]*On the sheet now\s*21–19/);
      assert.equal(await ben.getByText("Saved: 15–21.").count(), 0, "the banner never claims 15–21 now");
      await Promise.all([score(ben, 306), score(carla, 310)]);
    },
  );

  step("in “Operators only” score entry the organiser corrects a score from the Scores screen", async () => {
    await organiser.getByRole("link", { name: "Run the day" }).click();
    const entry = organiser.getByRole("region", { name: "Score entry" });
    await entry.getByLabel("Operators only").check();
    await entry.getByRole("button", { name: "Save score entry" }).click();
    await entry.getByRole("status").filter({ hasText: "Saved: Operators only." }).waitFor();
    // An umpire who scans the next sheet reads that the control desk enters scores today before
    // typing anything: no form is offered (issue 37 row 4).
    const { ana } = phones;
    await ana.goto(scanned.sheets.get(311) as string);
    await ana.getByRole("heading", { name: "The control desk enters scores today" }).waitFor();
    assert.equal(await ana.getByRole("button", { name: "Save score" }).count(), 0, "no form is offered");
    assert.equal(await ana.getByRole("textbox").count(), 0, "nothing to type into");

    await organiser.getByRole("link", { name: "Scores", exact: true }).click();
    await organiser.getByLabel("Match number, court or player").fill("302");
    await organiser.keyboard.press("Enter");
    const form = organiser.getByRole("region", { name: "Match 302 · Rizal Hall" });
    await form.getByText("On the sheet: 21–12.").waitFor();
    const [one, two] = await form.getByRole("textbox").all();
    await one?.fill("21");
    await two?.fill("14");
    await form.getByRole("button", { name: "Save score" }).click();
    const saved = form.getByRole("status").filter({ hasText: "Saved: 21–14" });
    await saved.waitFor();
    assert.match(await saved.innerText(), /It replaced the score written by Ana \(Court 1\), at \d\d:\d\d\./);
  });

  step(
    "from the court board at 1280 px the organiser calls match 311 to Court 1, up large on the hall's TV at 1920 × 1080 (again after a reload) and notified once on the phone of a spectator who follows Benjamín Reyes, its page in the background; Ana counts it point by point at 360 px, the spectator's phone showing each point live; the final saved, the court turns free and the board offers the next match, called to Court 2 and taken back, then called to Court 1; Annex Court's board calls its next match",
    async () => {
      const entry = organiser.getByRole("region", { name: "Score entry" });
      await organiser.getByRole("link", { name: "Run the day" }).click();
      await entry.getByLabel("Operators and scorer links").check();
      await entry.getByRole("button", { name: "Save score entry" }).click();
      await entry.getByRole("status").filter({ hasText: "Saved: Operators and scorer links." }).waitFor();
      await organiser.getByRole("link", { name: "Courts", exact: true }).click();
      await organiser.getByRole("heading", { name: "Courts of Rizal Hall" }).waitFor();

      // The spectator finds Benjamín Reyes (311's first side), follows him, says yes to
      // notifications, and pockets the phone: the page goes to the background.
      const { spectator } = phones;
      const origin = new URL(run.stack.pages["public"] as string).origin;
      await spectator.context().grantPermissions(["notifications"], { origin });
      await spectator.getByLabel("Find a player").fill("benjamin reyes");
      const found = spectator.getByRole("list", { name: "Players found" });
      await found.getByRole("link", { name: /^Benjamín Reyes/ }).tap();
      await spectator.getByRole("button", { name: "Follow Benjamín Reyes" }).tap();
      await spectator.getByRole("link", { name: "Back to the day" }).tap();
      await spectator.getByRole("button", { name: "Notify me when they play" }).tap();
      await spectator.getByText(/^While this page is open, you are notified/).waitFor();
      await putAway(spectator, true);

      await callToCourt(organiser, "Court 1", 311);
      called({ hall: "rizal-hall", match: "311", court: "Court 1" }, "done", true);
      // The hall's TV puts the call up large; switched off and on again (a reload) while the call
      // is under a minute old, it puts it up again.
      for (const reloaded of [false, true]) {
        if (reloaded) await tv.reload();
        const call = tv.getByRole("region", { name: "Calls to courts" }).getByRole("listitem");
        await call.waitFor();
        assert.match(
          await call.innerText(),
          /^Call\s+Court 1 — match 311\s+Reyes v Ocampo\s+please come to Court 1$/i,
        );
      }
      const row = publicRow(spectator, 311);
      await row.getByText("called to Court 1").waitFor();
      // The pocketed phone shows the call, through its service worker.
      const callTitle = "Court 1 now: match 311";
      const [call] = (await notified(spectator, callTitle)).filter(({ title }) => title === callTitle);
      assert.equal(call?.body, "Benjamín Reyes · Rizal Hall · Men's singles · Open · against Gabriel Ocampo");

      const { ana } = phones;
      await ana.goto(scanned.sheets.get(311) as string);
      await ana.getByRole("heading", { level: 1, name: "Match 311" }).waitFor();
      const rally = [
        ...Array.from({ length: 5 }, () => [1, 2] as const).flat(),
        ...Array(16).fill(1),
      ] as Array<1 | 2>;
      await countPoints(ana, rally, async ([one, two]) => {
        if ((one + two) % 4 === 1)
          await row.getByText(new RegExp(`^live ${one}–${two}( · game 1)?$`)).waitFor();
      });
      await courtTile(organiser, "Court 1")
        .locator(".court-state", { hasText: /^In play/ })
        .waitFor();
      await ana.getByRole("button", { name: "Save the final: 21–5" }).tap();
      await ana.getByText("Saved: 21–5.").waitFor();
      await row.getByText(/^live /).waitFor({ state: "detached" });
      // The call was notified once: its start and its points never said it again (a notification
      // shown again under its tag would carry a later timestamp); the result is one of its own.
      const shown = await notified(spectator, "Benjamín Reyes won 21–5");
      assert.deepEqual(
        shown.filter(({ title }) => title === callTitle),
        [call],
      );
      assert.deepEqual(shown.map(({ title }) => title).sort(), ["Benjamín Reyes won 21–5", callTitle]);
      await putAway(spectator, false);

      const court1 = courtTile(organiser, "Court 1");
      await court1.locator(".court-state", { hasText: /^Free since \d\d:\d\d/ }).waitFor();
      const offered = court1.getByRole("button", { name: "Call match 312 to Court 1" });
      const picked = court1.getByLabel("Match for Court 1").locator('option[value="312"]');
      await offered.or(picked).first().waitFor({ state: "attached" });
      // Called to the other free court first, then taken back: the call stays in CALLS, cancelled.
      await callToCourt(organiser, "Court 2", 312);
      await courtTile(organiser, "Court 2")
        .getByRole("button", { name: "Cancel the call of match 312" })
        .click();
      await courtTile(organiser, "Court 2").locator(".court-state", { hasText: /^Free/ }).waitFor();
      called({ hall: "rizal-hall", match: "312", court: "Court 2" }, "cancelled");
      await callToCourt(organiser, "Court 1", 312);
      called({ hall: "rizal-hall", match: "312", court: "Court 1" }, "called");

      // A third match, in the other hall: Annex Court's board offers its next match, called.
      const halls = organiser.locator("fieldset.hall-choice");
      await halls.getByRole("button", { name: "Annex Court", exact: true }).click();
      await organiser.getByRole("heading", { name: "Courts of Annex Court" }).waitFor();
      const suggestion = organiser.getByRole("button", { name: /^Call match \d+ to .+$/ }).first();
      const [, annexMatch = "", annexCourt = ""] =
        /^Call match (\d+) to (.+)$/.exec((await suggestion.innerText()).trim()) ?? [];
      await callToCourt(organiser, annexCourt, Number(annexMatch));
      called({ hall: "annex-court", match: annexMatch, court: annexCourt }, "called");
      await halls.getByRole("button", { name: "Rizal Hall", exact: true }).click();
      await organiser.getByRole("heading", { name: "Courts of Rizal Hall" }).waitFor();
    },
  );

  step(
    "Ben scans match 312's sheet: 211 is refused, never cut; 21–21 is said before Save and saved as retired with one more tap, which ends its call",
    async () => {
      const { ben } = phones;
      const [one, two] = [ben.getByRole("textbox").nth(0), ben.getByRole("textbox").nth(1)];
      await ben.goto(scanned.sheets.get(312) as string);
      await ben.getByRole("heading", { level: 1, name: "Match 312" }).waitFor();
      await ben.getByText("On the sheet: no score").waitFor();
      await one.fill("211");
      assert.equal(await one.inputValue(), "211", "kept as typed");
      await ben.getByText("“211” is not a score: enter a whole number from 0 to 99.").first().waitFor();
      await one.fill("21");
      await two.fill("21");
      await ben
        .getByRole("alert")
        .filter({ hasText: "21–21 cannot end a game: a game ends at 21, or by two up to 30." })
        .waitFor();
      assert.equal(await ben.getByRole("button", { name: "Save score" }).isDisabled(), true);
      await ben
        .getByRole("button", { name: "Save 21–21 anyway: retired, walkover or a handicap start" })
        .tap();
      await ben.getByText("Saved: 21–21.").waitFor();
      called({ hall: "rizal-hall", match: "312", court: "Court 1" }, "done", false);
      await courtTile(organiser, "Court 1")
        .locator(".court-state", { hasText: /^Free since \d\d:\d\d/ })
        .waitFor();
    },
  );

  step("the spectator's page showed every score arrive, without a reload", async () => {
    const spectator = phones.spectator;
    for (const [match, { score }] of Object.entries(FINAL)) {
      // Each side's score as a screen reader hears it: "21 (winner)", then "14".
      const [one, two] = score.map((points, side) =>
        points > (score[1 - side] as number) ? `${points} (winner)` : String(points),
      );
      const sides = publicRow(spectator, Number(match)).locator(".score");
      await sides
        .nth(0)
        .filter({ hasText: new RegExp(`^${literally(one as string)}$`) })
        .waitFor();
      await sides
        .nth(1)
        .filter({ hasText: new RegExp(`^${literally(two as string)}$`) })
        .waitFor();
    }
    assert.equal(
      await spectator.evaluate(() => (window as { openedOnce?: boolean }).openedOnce),
      true,
      "the page opened before the first score is the one showing them",
    );
  });

  step(
    "the workbooks hold exactly the 20 marks with who made them and the twelve scores with who wrote them, the calls in CALLS; nothing else changed",
    async () => {
      const final = await workbookCells(workbooks());
      const expected = new Map<string, (cell: unknown, note?: string) => boolean>();
      const marked = (hall: string, people: ReadonlyArray<readonly [string, string]>, by: string) => {
        const file = `open-sun-${hall}.xlsx!ATTENDANCE!`;
        const header = headerColumns(final, file);
        expected.set(`${file}${header.markedBy}1`, (value) => value === "markedBy");
        for (const [, player] of people) {
          const row = rowWhere(final, file, "B", player);
          expected.set(`${file}${header.present}${row}`, (value) => value === true);
          expected.set(`${file}${header.timeIn}${row}`, (value) =>
            /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(String(value)),
          );
          expected.set(`${file}${header.markedBy}${row}`, (value) =>
            new RegExp(`^In · ${literally(by)} · \\d\\d:\\d\\d$`).test(String(value)),
          );
        }
      };
      marked("rizal-hall", RIZAL_FIRST, "Front desk (Rizal Hall)");
      marked("rizal-hall", RIZAL_AFTER_REPLACE, "Front desk 2 (Rizal Hall)");
      marked(
        "annex-court",
        [...ANNEX_ONLINE, ...ANNEX_OFFLINE, ...ANNEX_RELOADED],
        "Annex desk (Annex Court)",
      );
      const schedule = "open-sun-rizal-hall.xlsx!SCHEDULE!";
      const header = headerColumns(final, schedule);
      for (const [match, { score, by }] of Object.entries(FINAL)) {
        const row = rowWhere(final, schedule, "A", Number(match));
        for (const [column, value] of [
          [header.team1Score, score[0]],
          [header.team2Score, score[1]],
        ] as const)
          expected.set(
            `${schedule}${column}${row}`,
            (cell, note) =>
              cell === value &&
              new RegExp(`^${literally(by)} · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`).test(String(note)),
          );
      }

      // Each hall's CALLS tab: its header and one row per call, on its court, in its state, by the console.
      const stamp = (value: unknown) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(String(value));
      for (const hall of new Set([...calls.values()].map((call) => call.hall))) {
        const callsTab = `open-sun-${hall}.xlsx!CALLS!`;
        const columns = headerColumns(final, callsTab);
        assert.deepEqual(Object.keys(columns).sort(), [
          "calledAt",
          "calledBy",
          "court",
          "endedAt",
          "matchNumber",
          "startedAt",
          "state",
        ]);
        // (made with the first call, or by the sync where the adapter makes it with the day's lists)
        for (const [name, column] of Object.entries(columns))
          if (synced.get(`${callsTab}${column}1`)?.value !== name)
            expected.set(`${callsTab}${column}1`, (value) => value === name);
        const byMatch = `${callsTab}${columns["matchNumber"]}`;
        const onCourt = `${callsTab}${columns["court"]}`;
        for (const { match, court, state, counted } of [...calls.values()].filter((c) => c.hall === hall)) {
          const row = [...final.keys()]
            .filter((key) => key.startsWith(byMatch) && /^\d+$/.test(key.slice(byMatch.length)))
            .map((key) => key.slice(byMatch.length))
            .find(
              (row) =>
                String(final.get(`${byMatch}${row}`)?.value) === match &&
                final.get(`${onCourt}${row}`)?.value === court,
            );
          assert.ok(row, `match ${match} on ${court} has a row in ${hall}'s CALLS`);
          const holds: Record<string, (value: unknown) => boolean> = {
            matchNumber: (value) => String(value) === match,
            court: (value) => value === court,
            calledAt: stamp,
            calledBy: (value) => value === "Operator console",
            state: (value) => value === state,
            // (a cancelled call is ended too, at its cancelling)
            ...(state === "done" || state === "cancelled" ? { endedAt: stamp } : {}),
            ...(counted ? { startedAt: stamp } : {}),
          };
          for (const [name, check] of Object.entries(holds))
            expected.set(`${callsTab}${columns[name]}${row}`, check);
        }
      }

      assert.deepEqual(
        changedCells(synced, final),
        [...expected.keys()].sort(),
        "exactly these cells changed",
      );
      const wrong = [...expected].filter(
        ([key, holds]) => !holds(final.get(key)?.value, final.get(key)?.note),
      );
      assert.deepEqual(
        wrong.map(([key]) => `${key}: ${JSON.stringify(final.get(key))}`),
        [],
      );
    },
  );

  step("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});

const TV = { viewport: { width: 1920, height: 1080 } };

/** The list item of match `number` on the public page, found by its words as a screen reader hears them. */
const publicRow = (page: Page, number: number) =>
  page.getByRole("listitem").filter({ hasText: `Match ${number}:` });

/** A regular expression's text matching `text` literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
