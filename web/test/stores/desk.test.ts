// The desk page's rules, on its store in Node: which hall opens, when the list is read (the
// spec's "Client behaviour"), marks kept through a Wi-Fi drop and sent exactly once, and a link
// that expires while marks wait. The page itself runs in Chromium in web/test/browser/desk-page.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createDeskStore, expiredSentence } from "../../src/desk/store.ts";
import { FOLLOW_UP_MS, NUDGE_GAP_MS } from "../../src/lib/attendance/list-reads.ts";
import { EXPIRES, LIST, openDesk, PEOPLE, puts, reads } from "../support/desk-page.ts";
import { settle } from "../support/fake-clock.ts";
import { fakePage } from "../support/fake-page.ts";
import { json } from "../support/fake-site.ts";
import { linkToken, REGISTRY, SUNDAY_9AM } from "../support/page-fixtures.ts";

describe("the desk page's store", () => {
  test("a desk link opens the hall its label names, keeps it in the address, and says who the desk is", async () => {
    const { page, desk, token } = await openDesk();
    assert.equal(desk.facility.value, "Rizal Hall");
    assert.equal(page.history.at(-1), `https://results.test/desk/?facility=Rizal+Hall#${token}`);
    assert.deepEqual([desk.link.value?.to, desk.link.value?.note], ["Front desk", "Rizal Hall"]);
    assert.deepEqual(
      desk.facilities.value.map((f) => f.name),
      ["Rizal Hall", "Aguinaldo Court"],
      "only halls with a workbook",
    );
    assert.deepEqual(
      desk.people.value?.map((p) => p.player),
      LIST.map((p) => p.player),
    );
    assert.equal(desk.readAt.value, page.clock.now());
  });

  test("a label that names no hall asks which; the choice is read at once and kept in the address", async () => {
    const { page, desk, token } = await openDesk({ to: "Gate 2" });
    assert.equal(desk.facility.value, undefined);
    assert.equal(reads(page), 0, "nothing is read before the desk chooses");
    desk.chooseFacility("Rizal Hall");
    await settle();
    assert.equal(reads(page), 1);
    assert.equal(page.history.at(-1), `https://results.test/desk/?facility=Rizal+Hall#${token}`);
    desk.chooseFacility(undefined);
    assert.equal(page.history.at(-1), `https://results.test/desk/#${token}`);
    assert.equal(desk.people.value, undefined);
  });

  test("the list is read on open and once more 11 s later, then never by polling", async () => {
    const { page } = await openDesk();
    assert.equal(reads(page), 1);
    await page.clock.advance(FOLLOW_UP_MS);
    assert.equal(reads(page), 2);
    await page.clock.advance(10 * 60_000);
    assert.equal(reads(page), 2);
  });

  test("back into view, the nudge socket reopening and Refresh each read now and once more 11 s later", async () => {
    const { page, desk } = await openDesk();
    await page.clock.advance(60_000);
    page.socket("/attendance/junior-open/open-sun").open();
    /** One trigger: a read at once, one more 11 s later, and no more. */
    const readsTwice = async (why: string, trigger: () => void) => {
      const before = reads(page);
      trigger();
      await settle();
      assert.equal(reads(page), before + 1, `${why}: a read now`);
      await page.clock.advance(FOLLOW_UP_MS);
      assert.equal(reads(page), before + 2, `${why}: one more 11 s later`);
      await page.clock.advance(60_000);
      assert.equal(reads(page), before + 2, `${why}: and no more`);
    };
    await readsTwice("back into view", () => page.setVisible(true));
    await readsTwice("Refresh", () => desk.refresh());
    const before = reads(page);
    page.socket("/attendance/").drop();
    await page.clock.advance(30_000);
    assert.equal(desk.live.value, false);
    assert.equal(reads(page), before, "a socket down reads nothing by itself");
    await readsTwice("the socket reopened", () => page.socket("/attendance/").open());
  });

  test("a nudge for the shown hall reads at once and at most once per 2 s; another hall's nudge reads nothing", async () => {
    const { page, desk } = await openDesk();
    await page.clock.advance(60_000);
    const nudges = page.socket("/attendance/junior-open/open-sun");
    nudges.open();
    assert.equal(desk.live.value, true, "other desks' marks show by themselves");
    const before = reads(page);
    nudges.receive({ type: "attendance", facility: "Aguinaldo Court" });
    await settle();
    assert.equal(reads(page), before);
    nudges.receive({ type: "attendance", facility: "Rizal Hall" });
    await settle();
    assert.equal(reads(page), before + 1, "the first nudge reads at once");
    nudges.receive({ type: "attendance", facility: "Rizal Hall" });
    nudges.receive({ type: "attendance", facility: "Rizal Hall" });
    await settle();
    assert.equal(reads(page), before + 1, "nudges inside the gap wait");
    await page.clock.advance(NUDGE_GAP_MS);
    assert.equal(reads(page), before + 2, "one read at the gap's end");
    await page.clock.advance(60_000);
    assert.equal(reads(page), before + 2, "no follow-up after a nudge's read");
  });

  test("one tap marks at once; the answer lands, and a read started before it cannot undo it", async () => {
    const { page, desk } = await openDesk();
    let answerRead: (list: unknown) => void = () => {};
    page.site.answer(
      "GET",
      PEOPLE,
      () => new Promise((resolve) => (answerRead = (list) => resolve(json(200, list)))),
    );
    desk.refresh();
    await settle();
    const monica = desk.people.value?.[0];
    assert.ok(monica);
    desk.mark(monica, true);
    assert.equal(desk.shownPeople.value[0]?.present, true, "the row changes at once");
    assert.equal(desk.shownPeople.value[0]?.mark, "sending");
    await settle();
    assert.deepEqual(puts(page), ["/v3/days/open-sun/facilities/Rizal Hall/people/monica yanez/attendance"]);
    assert.equal(desk.shownPeople.value[0]?.mark, undefined, "answered");
    answerRead(LIST);
    await settle();
    assert.equal(desk.people.value?.[0]?.present, true, "the older read does not undo the mark");
    assert.deepEqual([desk.counts.value.present, desk.counts.value["not-in"]], [1, 2]);
  });

  test("offline, marks wait on the phone and nothing is sent; back online, each lands exactly once", async () => {
    const { page, desk } = await openDesk();
    page.setOnline(false);
    assert.equal(desk.online.value, false);
    const [monica, joaquin] = desk.people.value ?? [];
    assert.ok(monica && joaquin);
    desk.mark(monica, true);
    desk.mark(joaquin, true);
    await page.clock.advance(60_000);
    assert.deepEqual(puts(page), []);
    assert.deepEqual(
      desk.pendingMarks.value.map((m) => [m.player, m.state]),
      [
        ["Mónica Yáñez", "waiting"],
        ["Joaquín Santos", "waiting"],
      ],
    );
    assert.equal(JSON.parse(page.storage.getItem("tournament-ops.pending-marks.open-sun") ?? "[]").length, 2);
    page.setOnline(true);
    await settle();
    assert.deepEqual(
      puts(page).map((p) => p.split("/").at(-2)),
      ["monica yanez", "joaquin santos"],
    );
    assert.deepEqual(desk.pendingMarks.value, []);
    await page.clock.advance(10 * 60_000);
    page.setVisible(true);
    desk.refresh();
    await settle();
    assert.equal(puts(page).length, 2, "an answered mark is never sent again");
    assert.equal(page.storage.getItem("tournament-ops.pending-marks.open-sun"), null);
  });

  test("a link that expires while marks wait says so and keeps the marks, sending nothing", async () => {
    const { page, desk } = await openDesk();
    page.setOnline(false);
    const monica = desk.people.value?.[0];
    assert.ok(monica);
    desk.mark(monica, true);
    assert.equal(desk.expired.value, false);
    page.clock.set(Date.parse(EXPIRES) + 60_000);
    await page.clock.advance(15_000);
    assert.equal(desk.expired.value, true, "the expiry shows as the clock moves");
    page.setOnline(true);
    await settle();
    assert.deepEqual(puts(page), []);
    assert.equal(desk.heldBecause.value, expiredSentence(desk.link.value!));
    assert.match(desk.heldBecause.value ?? "", /This desk link expired at the end of Sunday 29 November/);
    assert.deepEqual(
      desk.pendingMarks.value.map((m) => [m.player, m.state]),
      [["Mónica Yáñez", "held"]],
    );
    assert.equal(desk.shownPeople.value[0]?.present, true, "the held mark stays on its row");
  });

  test("without a link, with a cut-off one or a scorer link the page says which; a pasted link reloads with it", async () => {
    const cases: Array<[string, string]> = [
      ["", "missing"],
      ["#eyJub3QiOiJhIGxpbmsifQ.c2ln", "unreadable"],
      [`#${linkToken("scorer", { day: "open-sun", exp: EXPIRES })}`, "scorer-link"],
    ];
    for (const [hash, problem] of cases) {
      const page = fakePage({ href: `https://results.test/desk/${hash}`, now: SUNDAY_9AM });
      const desk = createDeskStore(page.env);
      await desk.start();
      assert.equal(desk.linkProblem.value, problem, hash);
      assert.deepEqual(page.site.requests, [], "nothing is read without a desk link");
      if (problem === "missing") {
        const token = linkToken("desk", { day: "open-sun", exp: EXPIRES });
        desk.openLink({ token, kind: "desk", day: "open-sun", exp: Date.parse(EXPIRES) });
        assert.deepEqual(page.reloads, [token]);
      }
    }
  });

  test("a day no longer in the registry, or settings that cannot be read, are said in words", async () => {
    const gone = fakePage({
      href: `https://results.test/desk/#${linkToken("desk", { day: "open-fri", exp: EXPIRES })}`,
      now: SUNDAY_9AM,
    });
    gone.site.file("/config/events.json", REGISTRY);
    const desk = createDeskStore(gone.env);
    await desk.start();
    assert.equal(desk.dayEntry.value, undefined);
    assert.notEqual(desk.registry.value, undefined);
    assert.equal(desk.failure.value, undefined);

    const broken = fakePage({
      href: `https://results.test/desk/#${linkToken("desk", { day: "open-sun", exp: EXPIRES })}`,
      now: SUNDAY_9AM,
    });
    broken.site.file("/config.json", undefined);
    const other = createDeskStore(broken.env);
    await other.start();
    assert.equal(
      other.failure.value,
      "This page cannot find its settings (config.json). Reload the page in a moment.",
    );
  });
});
