// The console's rules, on its store in Node: the clash warnings from the followed snapshot and
// the attendance lists (read as the spec's "Client behaviour" says), the operator's session that
// ends at its expiry or on a 401, and the links of the day with their expiry. The console itself
// runs in Chromium in web/test/browser/console.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { linkState, shortScorerLink } from "../../src/console/components/links/expiry.ts";
import { FOLLOW_UP_MS, NUDGE_GAP_MS } from "../../src/lib/attendance/list-reads.ts";
import { ISSUED, NOW, openConsole, SESSION } from "../support/console-page.ts";
import { settle } from "../support/fake-clock.ts";
import type { FakePage } from "../support/fake-page.ts";
import { json } from "../support/fake-site.ts";
import { matchRow, person, snapshotOf } from "../support/page-fixtures.ts";

const RIZAL = "/v3/days/open-sun/facilities/Rizal%20Hall/people";
const AGUINALDO = "/v3/days/open-sun/facilities/Aguinaldo%20Court/people";

const reads = (page: FakePage, path: string) => page.site.calls("GET", path).length;

describe("the console's store", () => {
  test("a player due in two halls at once is a clash; players not checked in come from the attendance lists", async () => {
    const { page, store, entry } = await openConsole("?day=open-sun&view=clashes");
    page.site.answer("GET", RIZAL, () => json(200, [person("María Peña", true), person("Lucía Fernández")]));
    page.site.answer("GET", AGUINALDO, () => json(200, [person("Ana Cruz", true)]));
    store.day.openDay(entry);
    store.attendance.watchAttendance(entry);
    await settle();
    assert.equal(store.clashes.clashes.value.length, 0, "nothing before the snapshot is known");
    const live = page.socket("/live/junior-open/open-sun?changes=1");
    live.open();
    live.receive({
      type: "snapshot",
      seq: 1,
      snapshot: snapshotOf({
        "Rizal Hall": [
          matchRow(101, "09:00", "Court 1", "María Peña", "Lucía Fernández"),
          matchRow(102, "09:20", "Court 2", "Ana Cruz", "Rosa Lim", ["21", "3"]),
        ],
        "Aguinaldo Court": [matchRow(301, "09:10", "Court 1", "María Peña", "Ana Cruz")],
      }),
    });
    assert.deepEqual(
      store.clashes.clashes.value.map((clash) => [
        clash.player,
        clash.matches.map((m) => m.match.matchNumber),
      ]),
      [["María Peña", ["101", "301"]]],
    );
    assert.deepEqual(
      store.clashes.absent.value.map(({ scheduled, players }) => [scheduled.match.matchNumber, players]),
      [
        ["101", [{ name: "Lucía Fernández", listed: true }]],
        ["301", [{ name: "María Peña", listed: false }]],
      ],
    );
  });

  test("each hall's list is read on open and 11 s later; a nudge re-reads its hall alone, at most once per 2 s", async () => {
    const { page, store, entry } = await openConsole("?day=open-sun&view=clashes");
    store.attendance.watchAttendance(entry);
    await settle();
    assert.deepEqual([reads(page, RIZAL), reads(page, AGUINALDO)], [1, 1], "halls with a workbook only");
    await page.clock.advance(FOLLOW_UP_MS);
    assert.deepEqual([reads(page, RIZAL), reads(page, AGUINALDO)], [2, 2]);
    const nudges = page.socket("/attendance/junior-open/open-sun");
    nudges.open();
    for (let i = 0; i < 3; i++) nudges.receive({ type: "attendance", facility: "Rizal Hall" });
    await settle();
    assert.deepEqual([reads(page, RIZAL), reads(page, AGUINALDO)], [3, 2]);
    await page.clock.advance(NUDGE_GAP_MS);
    assert.deepEqual([reads(page, RIZAL), reads(page, AGUINALDO)], [4, 2]);
    await page.clock.advance(10 * 60_000);
    assert.deepEqual([reads(page, RIZAL), reads(page, AGUINALDO)], [4, 2], "nothing polls");
    store.attendance.refreshAttendance();
    await page.clock.advance(FOLLOW_UP_MS);
    assert.deepEqual([reads(page, RIZAL), reads(page, AGUINALDO)], [6, 4]);
    store.attendance.stopAttendance();
    assert.ok(nudges.closed);
    page.setVisible(true);
    await page.clock.advance(60_000);
    assert.deepEqual([reads(page, RIZAL), reads(page, AGUINALDO)], [6, 4], "a closed screen reads nothing");
  });

  test("the session ends at its expiry as the clock moves, and on a 401, saying why", async () => {
    const { page, store } = await openConsole("?day=open-sun", { minutes: 20 });
    assert.equal(store.session.session.value?.token, "operator");
    await page.clock.advance(19 * 60_000);
    assert.notEqual(store.session.session.value, undefined);
    await page.clock.advance(60_000);
    assert.equal(store.session.session.value, undefined);
    assert.equal(store.session.signInProblem.value, "Your sign-in expired at 09:20. Sign in again.");
    const overnight = await openConsole("?day=open-sun", { minutes: 20 });
    // The laptop slept through the night: its first tick comes the next morning.
    overnight.page.clock.set(NOW + 24 * 3_600_000);
    await overnight.page.clock.advance(0);
    assert.equal(
      overnight.store.session.signInProblem.value,
      "Your sign-in expired on Sun 29 Nov at 09:20. Sign in again.",
      "a time on another day says its day",
    );
    assert.equal(page.tabStorage.getItem(SESSION), null);

    const other = await openConsole();
    other.page.site.answer("GET", "/v3/diagnostics/sync", () =>
      json(401, { status: 401, code: "unauthorized" }),
    );
    await other.store.day.readDiagnostics();
    assert.equal(other.store.session.session.value, undefined);
    assert.match(other.store.session.signInProblem.value ?? "", /^Your sign-in is no longer valid/);
  });

  test("sign-in keeps the token in this tab only, and says a wrong password in words", async () => {
    const { page, store } = await openConsole("", { minutes: 0 });
    const session = () => store.session.session.value;
    assert.equal(session(), undefined, "an expired session is not used");
    assert.equal(
      store.session.signInProblem.value,
      undefined,
      "it was dropped as the tab opened, not signed out",
    );
    const proofsSent: Array<string | null> = [];
    page.site.answer("POST", "/v3/sessions", async (request) => {
      const { password } = (await request.json()) as { password: string };
      proofsSent.push(request.headers.get("x-device-proof"));
      return password === "right"
        ? json(201, { token: "fresh", expiresAt: NOW + 3_600_000, deviceProof: "dev1.99.sig" })
        : json(401, { status: 401, code: "unauthorized" });
    });
    await store.session.signIn("operator", "wrong");
    assert.equal(
      store.session.signInProblem.value,
      "The username or password is not right. Check them and try again.",
    );
    await store.session.signIn(" operator ", "right");
    assert.equal(session()?.token, "fresh");
    assert.deepEqual(JSON.parse(page.tabStorage.getItem(SESSION) ?? "null"), {
      token: "fresh",
      expiresAt: NOW + 3_600_000,
    });
    assert.equal(page.storage.length, 1, "only the device proof in the browser's storage");
    assert.equal(page.storage.getItem("tournament-ops.device-proof"), "dev1.99.sig");
    await store.session.signIn("operator", "wrong");
    assert.deepEqual(proofsSent, [null, null, "dev1.99.sig"], "later sign-ins bring the device proof");
  });

  test("links issued in this tab keep their tokens for the tab; expired ones are left out when the console opens", async () => {
    const { page, store } = await openConsole("?day=open-sun&view=links");
    page.site.answer("POST", "/v3/days/open-sun/attendance/desk-links", async (request) => {
      const { issuedTo, note } = (await request.json()) as { issuedTo: string; note: string };
      return json(201, {
        day: "open-sun",
        expiresAt: NOW + 3_600_000,
        issuedTo,
        note,
        linkId: "gate-2",
        token: "t0ken",
      });
    });
    await store.links.issueLink("desk", "open-sun", { issuedTo: " Gate 2 ", note: "" });
    assert.equal(store.links.shown.value?.linkId, "gate-2", "its card opens");
    assert.deepEqual(
      store.links.issued.value.map((l) => [l.kind, l.issuedTo, l.note, l.issuedAt]),
      [["desk", "Gate 2", null, NOW]],
    );
    assert.equal(reads(page, "/v3/days/open-sun/links"), 1, "the day's list is read again");
    assert.equal(JSON.parse(page.tabStorage.getItem(ISSUED) ?? "[]")[0]?.token, "t0ken", "kept for this tab");
    const soon = await openConsole("?day=open-sun&view=links", {
      now: NOW + 3_599_000,
      tabStorage: page.tabStorage,
    });
    assert.equal(soon.store.links.issued.value[0]?.token, "t0ken", "its QR code can be shown again");
    const later = await openConsole("?day=open-sun&view=links", {
      now: NOW + 3_600_000,
      tabStorage: page.tabStorage,
    });
    assert.deepEqual(later.store.links.issued.value, [], "expired by the time the console opened again");
  });

  test("a link's words: works until (with its day), expired or revoked; a scorer link that stops before the day's last match says when to issue", () => {
    const link = {
      expiresAt: NOW + 7 * 3_600_000,
      revokedAt: null,
      issuedAt: NOW,
      issuedTo: null,
      note: null,
      kind: "desk" as const,
      lastUsedAt: null,
      linkId: "x",
    };
    assert.deepEqual(linkState(link, NOW), { words: "Works until 16:00 on Sunday 29 November", live: true });
    assert.deepEqual(linkState(link, link.expiresAt), { words: "Expired at 16:00", live: false });
    assert.deepEqual(linkState({ ...link, revokedAt: NOW + 60_000 }, NOW + 120_000), {
      words: "Revoked at 09:01",
      live: false,
    });
    // Issued Saturday 01:08 for Sunday, whose last match starts at 18:00.
    const sunday = snapshotOf({ "Rizal Hall": [matchRow(140, "18:00", "Court 2", "Ana", "Bea")] });
    const early = Date.parse("2026-11-28T17:08:00Z");
    assert.equal(
      shortScorerLink(early, "2026-11-29", sunday, "issuing"),
      "A scorer link issued now stops at 01:08 on Sunday 29 November, before the day's last match (18:00 on Sunday 29 November) is over. Issue scorer links from 19:00 on Saturday 28 November, so they last the whole day.",
    );
    assert.equal(
      shortScorerLink(early, "2026-11-29", undefined, "issued"),
      "This link stops at 01:08 on Sunday 29 November, before the day is over (06:00 on Monday 30 November, when scorer links stop being issued for it). Issue scorer links from 06:00 on Sunday 29 November, so they last the whole day.",
    );
    assert.equal(
      shortScorerLink(Date.parse("2026-11-29T11:00:00Z"), "2026-11-29", sunday, "issued"),
      undefined,
    );
  });

  test("the place is kept in the address and the back button; going live reads the registry again", async () => {
    const { page, store, entry } = await openConsole();
    store.app.navigate({ view: "clashes" });
    assert.equal(page.history.at(-1), "https://results.test/console/?day=open-sun&view=clashes");
    page.back();
    assert.deepEqual(store.app.place.value, { day: "open-sun", view: "run" });
    page.site.answer("PUT", "/v3/days/open-sun/visibility", () =>
      json(200, { day: "open-sun", isLive: true }),
    );
    const before = reads(page, "/config/events.json");
    await store.day.setVisibility(entry, true);
    await settle();
    assert.equal(store.day.isLive.value, true);
    assert.equal(reads(page, "/config/events.json"), before + 1);
  });
});
