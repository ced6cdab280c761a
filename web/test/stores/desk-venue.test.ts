// The desk page's rules at the moments a venue day depends on them (issue 26), on its store in
// Node: a desk link revoked while the page is open (said in words, marks disabled, unsent marks
// offered for hand-over), and a page reloaded with no network showing the hall's list as last
// read with the marks that wait.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { handOverText } from "../../src/desk/hand-over.ts";
import { createDeskStore, REFUSED_SENTENCE, REVOKED_SENTENCE } from "../../src/desk/store.ts";
import { EXPIRES, LIST, openDesk, PEOPLE, puts, reads } from "../support/desk-page.ts";
import { settle } from "../support/fake-clock.ts";
import { type FakePage, fakePage } from "../support/fake-page.ts";
import { json } from "../support/fake-site.ts";
import { linkToken, REGISTRY, SUNDAY_9AM } from "../support/page-fixtures.ts";

const KEPT_LIST = "tournament-ops.desk-list";

/** From now on the service refuses the desk link as revoked (or, with `revoked: false`, as not valid). */
function refuseLink(page: FakePage, revoked = true) {
  const refused = () =>
    json(401, {
      status: 401,
      code: "unauthorized",
      detail: "this link is not valid",
      ...(revoked ? { revoked } : {}),
    });
  page.site.answer("GET", PEOPLE, refused);
  for (const one of LIST)
    page.site.answer("PUT", `${PEOPLE}/${encodeURIComponent(one.key)}/attendance`, refused);
}

describe("the desk page on a venue day", () => {
  test("revoked while open: the next mark's refusal says so and clears the list, marks are disabled and the unsent one is offered for hand-over", async () => {
    const { page, desk, token } = await openDesk();
    assert.notEqual(page.storage.getItem(KEPT_LIST), null, "the list read is kept on the phone");
    refuseLink(page);
    const [monica, joaquin] = desk.people.value ?? [];
    assert.ok(monica && joaquin);
    desk.mark(monica, true);
    await settle();
    assert.deepEqual(desk.linkRefused.value?.revoked, true);
    assert.equal(desk.linkStopped.value, REVOKED_SENTENCE);
    assert.deepEqual(
      desk.pendingMarks.value.map((m) => [m.player, m.state]),
      [["Mónica Yáñez", "held"]],
    );
    // Issue 35 L1: a refused link shows none of the list (the held mark stays for hand-over).
    assert.equal(desk.people.value, undefined, "the list is cleared from the screen");
    assert.equal(desk.shownPeople.value.length, 0);

    desk.mark(joaquin, true);
    desk.refresh();
    await page.clock.advance(60_000);
    assert.equal(desk.pendingMarks.value.length, 1, "no new mark is taken");
    assert.equal(puts(page).length, 1, "nothing more is sent");
    assert.equal(reads(page), 1, "and nothing more is read");
    assert.equal(page.storage.getItem(KEPT_LIST), null, "the kept list is forgotten");

    assert.equal(
      handOverText(desk.pendingMarks.value, desk.link.value!, "Sunday 29 November", page.clock.now()),
      "Marks not sent by Desk link: Front desk (Rizal Hall), Sunday 29 November:\n- Mónica Yáñez: present (Rizal Hall, tapped 09:00)",
    );
    assert.ok(token);
  });

  test("a revocation noticed by a list read stops the desk too; a link refused for another reason says so", async () => {
    const revoked = await openDesk();
    refuseLink(revoked.page);
    revoked.page.setVisible(true);
    await settle();
    assert.equal(revoked.desk.linkStopped.value, REVOKED_SENTENCE);

    const refused = await openDesk();
    refuseLink(refused.page, false);
    refused.desk.refresh();
    await settle();
    assert.equal(refused.desk.linkRefused.value?.revoked, false);
    assert.equal(refused.desk.linkStopped.value, REFUSED_SENTENCE);
  });

  test("reloaded with no network, the page shows the hall's list as last read and the marks that wait", async () => {
    const first = await openDesk();
    const readAt = first.desk.readAt.value;
    first.page.setOnline(false);
    const [monica] = first.desk.people.value ?? [];
    assert.ok(monica);
    first.desk.mark(monica, true);
    assert.deepEqual(puts(first.page), []);

    const again = await openDesk(undefined, { storage: first.page.storage, online: false });
    assert.equal(again.desk.online.value, false);
    assert.deepEqual(
      again.desk.people.value?.map((p) => p.player),
      LIST.map((p) => p.player),
    );
    assert.equal(again.desk.readAt.value, readAt, "when it was read");
    assert.deepEqual(
      again.desk.pendingMarks.value.map((m) => [m.player, m.state]),
      [["Mónica Yáñez", "waiting"]],
    );
    assert.equal(again.desk.shownPeople.value[0]?.present, true);
    assert.equal(again.desk.linkStopped.value, undefined);
  });

  test("the connection lost while the page was starting shows as offline", async () => {
    const token = linkToken("desk", { day: "open-sun", exp: EXPIRES, to: "Front desk", note: "Rizal Hall" });
    const page = fakePage({ href: `https://results.test/desk/#${token}`, now: SUNDAY_9AM });
    page.site.file("/config/events.json", REGISTRY);
    const desk = createDeskStore(page.env);
    assert.equal(desk.online.value, true);
    const started = desk.start();
    page.setOnline(false);
    page.site.unreachable = false;
    await started;
    assert.equal(desk.online.value, false);
  });

  test("a kept list of another hall or day is never shown", async () => {
    const first = await openDesk();
    const kept = JSON.parse(first.page.storage.getItem(KEPT_LIST) ?? "{}");
    first.page.storage.setItem(KEPT_LIST, JSON.stringify({ ...kept, facility: "Aguinaldo Court" }));
    const again = await openDesk(undefined, { storage: first.page.storage, online: false });
    assert.equal(again.desk.people.value, undefined);
  });
});
