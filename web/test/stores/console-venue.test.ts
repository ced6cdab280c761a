// The console's rules for a venue day (issue 26), on its store in Node: scoresheets with a QR
// code on every match's sheet and halls with nothing to print marked, the score screen (find a
// match, expected values, a conflict, who wrote it), and replacing a revoked link in one step.
// What a person sees of them runs in Chromium in web/test/browser/console-venue.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { matchCount, printableFacilities } from "../../src/console/store/scoresheets.ts";
import { csvTable } from "../../src/lib/csv.ts";
import type { DaySnapshot } from "../../src/lib/data/snapshot.ts";
import { NOW, openConsole, openConsoleDay } from "../support/console-page.ts";
import { json } from "../support/fake-site.ts";
import { matchRow, REGISTRY, snapshotOf } from "../support/page-fixtures.ts";

const SUNDAY = snapshotOf({
  "Rizal Hall": [
    matchRow(101, "09:00", "Court 1", "María Peña", "Lucía Fernández"),
    matchRow(102, "09:20", "Court 3", "Ana Cruz", "Rosa Lim", ["21", "19"]),
  ],
  "Aguinaldo Court": [matchRow(301, "09:10", "Court 3", "Bea Santos", "Cora Yu")],
});

/** The console on Sunday with the day's snapshot arrived through the relay. */
const sunday = (query = "?day=open-sun", snapshot: DaySnapshot = SUNDAY) => openConsoleDay(query, snapshot);

/** The service's answer to the console's save of match 102 as 21–17, replacing `previousNote`'s score. */
const savedAs102 = (previousNote: string | null) =>
  json(200, {
    matchNumber: 102,
    teamCode1: "A102",
    teamCode2: "B102",
    team1Score: 21,
    team2Score: 17,
    note: "Operator console · 2026-11-29 09:00",
    previousNote,
    published: {
      facility: "ok",
      archive: { path: "p", status: "committed", revision: "r" },
      live: { pushed: true },
    },
  });

const SCORESHEETS = "/v3/scoresheets";
const NDJSON = `${JSON.stringify({ phase: "parsed", matches: 1, pages: 1 })}\n${JSON.stringify({
  phase: "done",
  fileName: "x.pdf",
  pdfBase64: Buffer.from("%PDF-1.7").toString("base64"),
})}\n`;
const DIAGNOSTICS = (scorePageUrl: string | null) => ({
  registry: { revision: "abc1234", source: "repository", loadedAt: "2026-11-29T01:00:00Z", fellBack: false },
  live: { enabled: true, baseUrl: null },
  scoresheets: { scorePageUrl },
  days: [],
});

describe("scoresheets print a QR code on every match's sheet (issue 26, row 1)", () => {
  test("one hall's sheets: its own rows (no facility column) go with the form's facility; every facility's merged rows name their own", async () => {
    const { page, store } = await sunday("?day=open-sun&view=scoresheets");
    page.site.answer("POST", SCORESHEETS, () => new Response(NDJSON, { status: 200 }));
    const choice = {
      source: "published" as const,
      file: undefined,
      layout: "no-referee" as const,
      title: "Open",
      blanks: 0,
    };
    const sent = async () => {
      const form = await (page.site.calls("POST", SCORESHEETS).at(-1) as Request).clone().formData();
      const csv = csvTable(await (form.get("csv") as Blob).text());
      return { facility: form.get("facility"), header: csv.header, rows: csv.rows.length };
    };
    await store.scoresheets.generate({ ...choice, facility: "Rizal Hall" }, SUNDAY, "rizal.pdf");
    assert.equal(store.scoresheets.generation.problem.value, undefined);
    const hall = await sent();
    assert.equal(hall.facility, "Rizal Hall", "the service names each sheet's hall from the form");
    assert.equal(hall.header.includes("facility"), false);
    assert.equal(hall.rows, 2);
    await store.scoresheets.generate({ ...choice, facility: undefined }, SUNDAY, "all.pdf");
    const every = await sent();
    assert.equal(every.facility, null);
    assert.equal(every.header[0], "facility");
    assert.equal(page.downloads.length, 2);
  });

  test("before printing the console knows from the diagnostics whether sheets carry QR codes, and where they lead", async () => {
    const { page, store } = await sunday("?day=open-sun&view=scoresheets");
    const answer = (url: string | null) =>
      page.site.answer("GET", "/v3/diagnostics/sync", () => json(200, DIAGNOSTICS(url)));
    answer(null);
    await store.day.readDiagnostics();
    assert.deepEqual(store.scoresheets.qrCodes.value, { kind: "none" });
    answer("http://127.0.0.1:8000/score/");
    await store.day.readDiagnostics();
    assert.deepEqual(store.scoresheets.qrCodes.value, {
      kind: "this computer",
      url: "http://127.0.0.1:8000/score/",
    });
    answer("https://club.github.io/results/score/");
    await store.day.readDiagnostics();
    assert.deepEqual(store.scoresheets.qrCodes.value, {
      kind: "phones",
      url: "https://club.github.io/results/score/",
    });
  });

  test("an uploaded hall CSV without a facility column is refused until its facility is chosen, so no sheet goes without its code", async () => {
    const { page, store } = await sunday("?day=open-sun&view=scoresheets");
    page.site.answer("GET", "/v3/diagnostics/sync", () =>
      json(200, DIAGNOSTICS("https://club.example/score/")),
    );
    await store.day.readDiagnostics();
    page.site.answer("POST", SCORESHEETS, () => new Response(NDJSON, { status: 200 }));
    const file = new File(["matchNumber,team1,team2\n7,Ana,Bea\n"], "rizal.csv", { type: "text/csv" });
    const upload = {
      source: "upload" as const,
      file,
      layout: "standard" as const,
      title: "",
      blanks: 0,
    };
    await store.scoresheets.generate({ ...upload, facility: undefined }, SUNDAY, "up.pdf");
    assert.match(store.scoresheets.generation.problem.value ?? "", /^This file has no facility column/);
    assert.equal(page.site.calls("POST", SCORESHEETS).length, 0, "nothing is printed without the codes");
    await store.scoresheets.generate({ ...upload, facility: "Rizal Hall" }, SUNDAY, "up.pdf");
    assert.equal(store.scoresheets.generation.problem.value, undefined);
    const form = await (page.site.calls("POST", SCORESHEETS)[0] as Request).clone().formData();
    assert.equal(form.get("facility"), "Rizal Hall");
  });
});

describe("halls with nothing to print are marked and not offered (issue 26, row 12)", () => {
  test("a hall without a workbook, and one with no published matches, say why; the others count their matches", () => {
    const entry = { day: REGISTRY.events["junior-open"]?.days["open-sun"] } as Parameters<
      typeof printableFacilities
    >[0];
    const noAguinaldo = snapshotOf({ "Rizal Hall": [matchRow(101, "09:00", "Court 1", "Ana", "Bea")] });
    assert.deepEqual(printableFacilities(entry, noAguinaldo), [
      { name: "Rizal Hall", matches: 1, nothing: undefined },
      { name: "Aguinaldo Court", matches: 0, nothing: "no matches" },
      { name: "Overflow Gym", matches: 0, nothing: "no workbook" },
    ]);
    assert.equal(
      printableFacilities(entry, undefined)[0]?.nothing,
      undefined,
      "offered before the day is published",
    );
    assert.equal(matchCount(SUNDAY.matchesCsv), 3);
  });
});

describe("the console's score screen (issue 26, row 5)", () => {
  const PUT = (facility: string, match: number) =>
    `/v3/days/open-sun/facilities/${encodeURIComponent(facility)}/matches/${match}/score`;

  test("a match is found by its number, its court, or a player typed without accents", async () => {
    const { store } = await sunday("?day=open-sun&view=scores");
    const find = (query: string) => {
      store.scores.query.value = query;
      return store.scores.found.value.shown.map((m) => `${m.facility} ${m.match.matchNumber}`);
    };
    assert.deepEqual(find("102"), ["Rizal Hall 102"]);
    assert.deepEqual(find("10"), ["Rizal Hall 101", "Rizal Hall 102"]);
    assert.deepEqual(find("court 3"), ["Rizal Hall 102", "Aguinaldo Court 301"]);
    assert.deepEqual(find("maria pena"), ["Rizal Hall 101"]);
    assert.deepEqual(find("LUCIA"), ["Rizal Hall 101"]);
    assert.deepEqual(find("cruz rizal"), ["Rizal Hall 102"]);
    assert.ok(find("cruz").includes("Rizal Hall 102"), "a surname starting with c is a name, not a court");
    assert.deepEqual(find("c3"), find("court 3"));
    assert.deepEqual(find("nobody"), []);
    assert.deepEqual(find("  "), []);
  });

  test("a correction sends the sheet's scores as expected; the answer says who wrote it and whose score it replaced", async () => {
    const { page, store, entry } = await sunday("?day=open-sun&view=scores");
    page.site.answer("PUT", PUT("Rizal Hall", 102), () => savedAs102("Ana (Court 3) · 2026-11-29 08:55"));
    store.scores.choose({ facility: "Rizal Hall", number: "102" });
    assert.deepEqual(store.scores.draft.value?.expected, { team1Score: 21, team2Score: 19 });
    store.scores.setScore("two", "17");
    await store.scores.save(entry);
    const body = await (page.site.calls("PUT", PUT("Rizal Hall", 102))[0] as Request).clone().json();
    assert.deepEqual(body, { expected: { team1Score: 21, team2Score: 19 }, team1Score: 21, team2Score: 17 });
    assert.deepEqual(store.scores.outcome.value, {
      kind: "saved",
      scores: { team1Score: 21, team2Score: 17 },
      note: "Operator console · 2026-11-29 09:00",
      previousNote: "Ana (Court 3) · 2026-11-29 08:55",
      published: true,
    });
    assert.equal(
      store.scores.writers.value.get("Rizal Hall\u0000102"),
      "Operator console · 2026-11-29 09:00",
      "who last wrote it, kept for the tab",
    );
  });

  test("a save that answers after another match was opened leaves that match's form alone", async () => {
    const { page, store, entry } = await sunday("?day=open-sun&view=scores");
    let answer: (response: Response) => void = () => {};
    const asked = new Promise<void>((reached) => {
      page.site.answer("PUT", PUT("Rizal Hall", 102), () => {
        reached();
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      });
    });
    store.scores.choose({ facility: "Rizal Hall", number: "102" });
    store.scores.setScore("two", "17");
    const saving = store.scores.save(entry);
    await asked;
    store.scores.choose({ facility: "Rizal Hall", number: "101" });
    const opened = store.scores.draft.value;
    answer(savedAs102(null));
    await saving;
    assert.equal(store.scores.draft.value, opened, "match 101's form is the one on screen");
    assert.equal(store.scores.draft.value?.number, "101");
    assert.equal(store.scores.outcome.value, undefined, "no 'Saved' under match 101");
    assert.equal(
      store.scores.writers.value.get("Rizal Hall\u0000102"),
      "Operator console · 2026-11-29 09:00",
    );
  });

  test("a score changed on the sheet meanwhile: the conflict says what it holds and who wrote it; keep mine saves over it, take the sheet's saves nothing", async () => {
    const { page, store, entry } = await sunday("?day=open-sun&view=scores");
    const bodies: unknown[] = [];
    page.site.answer("PUT", PUT("Rizal Hall", 101), async (request) => {
      const body = (await request.json()) as { expected: { team1Score: number | null } };
      bodies.push(body);
      if (body.expected.team1Score === null)
        return json(409, {
          status: 409,
          code: "score_conflict",
          detail: "match 101 changed since it was shown",
          current: { teamCode1: "A101", teamCode2: "B101", team1Score: 15, team2Score: 21 },
          note: "Ana (Court 3) · 2026-11-29 08:58",
        });
      return json(200, {
        matchNumber: 101,
        teamCode1: "A101",
        teamCode2: "B101",
        team1Score: 21,
        team2Score: 19,
        note: "Operator console · 2026-11-29 09:00",
        previousNote: "Ana (Court 3) · 2026-11-29 08:58",
        published: { code: "conflict", error: "busy" },
      });
    });
    store.scores.choose({ facility: "Rizal Hall", number: "101" });
    store.scores.setScore("one", "21");
    store.scores.setScore("two", "19");
    await store.scores.save(entry);
    const conflict = store.scores.outcome.value;
    assert.deepEqual(conflict, {
      kind: "conflict",
      current: { team1Score: 15, team2Score: 21 },
      note: "Ana (Court 3) · 2026-11-29 08:58",
    });
    assert.equal(store.scores.writers.value.get("Rizal Hall\u0000101"), "Ana (Court 3) · 2026-11-29 08:58");
    store.scores.takeSheets(conflict.kind === "conflict" ? conflict.current : (undefined as never));
    assert.deepEqual([store.scores.draft.value?.one, store.scores.draft.value?.two], ["15", "21"]);
    assert.equal(store.scores.outcome.value, undefined);
    assert.equal(bodies.length, 1, "taking the sheet's saves nothing");

    store.scores.setScore("one", "21");
    store.scores.setScore("two", "19");
    await store.scores.keepMine(entry, { team1Score: 15, team2Score: 21 });
    assert.deepEqual(bodies.at(-1), {
      expected: { team1Score: 15, team2Score: 21 },
      team1Score: 21,
      team2Score: 19,
    });
    const saved = store.scores.outcome.peek();
    assert.equal(saved?.kind, "saved");
    assert.equal(saved?.kind === "saved" && saved.published, false, "saved, but not published yet: said so");
  });

  test("the form follows the live day until the operator types; refusals are said in words", async () => {
    const { page, store, entry, live } = await sunday("?day=open-sun&view=scores");
    store.scores.forDay("open-sun");
    store.scores.choose({ facility: "Rizal Hall", number: "101" });
    store.scores.forDay("open-sun");
    assert.equal(store.scores.chosen.value?.number, "101", "coming back to the screen keeps the open match");
    const changed = snapshotOf(
      {
        "Rizal Hall": [
          matchRow(101, "09:00", "Court 1", "María Peña", "Lucía Fernández", ["11", "4"]),
          matchRow(102, "09:20", "Court 3", "Ana Cruz", "Rosa Lim", ["21", "19"]),
        ],
        "Aguinaldo Court": [matchRow(301, "09:10", "Court 3", "Bea Santos", "Cora Yu")],
      },
      { generatedAt: new Date(NOW + 60_000).toISOString() },
    );
    live.receive({ type: "snapshot", seq: 2, snapshot: changed });
    assert.deepEqual([store.scores.draft.value?.one, store.scores.draft.value?.two], ["11", "4"]);
    store.scores.setScore("one", "12");
    live.receive({
      type: "snapshot",
      seq: 3,
      snapshot: { ...changed, generatedAt: new Date(NOW + 120_000).toISOString() },
    });
    assert.equal(store.scores.draft.value?.one, "12", "what the operator typed stays");

    store.scores.setScore("two", "");
    await store.scores.save(entry);
    assert.deepEqual(
      store.scores.fieldErrors.value.map((e) => e.field),
      ["two"],
      "one score alone is not saved",
    );
    page.site.answer("PUT", PUT("Rizal Hall", 101), () =>
      json(403, { status: 403, code: "score_entry_off", detail: "score entry is off" }),
    );
    store.scores.setScore("two", "4");
    await store.scores.save(entry);
    assert.equal(page.site.calls("PUT", PUT("Rizal Hall", 101)).length, 0, "12–4 cannot end a game");
    await store.scores.saveAnyway(entry);
    assert.deepEqual(store.scores.outcome.value, {
      kind: "problem",
      text: "Not saved: score entry is off for this event. Turning it on is a registry change (scoreEntry).",
    });
    store.scores.forDay("open-mon");
    assert.deepEqual(
      [store.scores.chosen.value, store.scores.query.value],
      [undefined, ""],
      "another day starts clean",
    );
  });
});

describe("replacing a revoked link in one step (issue 26, row 8)", () => {
  const LINKS = "/v3/days/open-sun/links";
  const DESK = "/v3/days/open-sun/attendance/desk-links";
  const revokedFront = {
    linkId: "front",
    kind: "desk",
    issuedTo: "Front desk",
    note: "Rizal Hall",
    issuedAt: NOW - 3_600_000,
    expiresAt: NOW + 15 * 3_600_000,
    lastUsedAt: null,
    revokedAt: NOW - 60_000,
  };
  const issuedBack = async (request: Request) => {
    const { issuedTo, note } = (await request.json()) as { issuedTo: string; note: string };
    return json(201, {
      day: "open-sun",
      expiresAt: NOW + 15 * 3_600_000,
      issuedTo,
      note,
      linkId: "new",
      token: "t.k",
    });
  };

  test("a desk link under a revoked link's label is refused in plain words before asking the service, and its replacement offered", async () => {
    const { page, store } = await openConsole("?day=open-sun&view=links");
    page.site.answer("GET", LINKS, () => json(200, { day: "open-sun", links: [revokedFront] }));
    page.site.answer("POST", DESK, issuedBack);
    await store.links.readLinks("open-sun");
    await store.links.issueLink("desk", "open-sun", { issuedTo: "Front desk ", note: "Rizal Hall" });
    assert.equal(
      store.links.issuing.desk.problem.value,
      "“Front desk (Rizal Hall)” was revoked, so that label cannot be used again on this day. Replace it to issue “Front desk 2 (Rizal Hall)” in one step, or choose another label.",
    );
    assert.equal(store.links.revokedLabel.value?.linkId, "front");
    assert.equal(page.site.calls("POST", DESK).length, 0);
  });

  test("Replace reads the list fresh and issues under the first free variant of the label; its card opens", async () => {
    const { page, store } = await openConsole("?day=open-sun&view=links");
    const taken = { ...revokedFront, linkId: "front-2", issuedTo: "Front desk 2", revokedAt: null };
    page.site.answer("GET", LINKS, () => json(200, { day: "open-sun", links: [revokedFront, taken] }));
    page.site.answer("POST", DESK, issuedBack);
    const link = await store.links.replaceLink("open-sun", revokedFront as never);
    const body = await (page.site.calls("POST", DESK)[0] as Request).clone().json();
    assert.deepEqual(body, { issuedTo: "Front desk 3", note: "Rizal Hall" });
    assert.equal(link?.issuedTo, "Front desk 3");
    assert.equal(store.links.shown.value?.linkId, "new", "its card opens, to be scanned");
  });

  test("a refusal the list did not foresee (revoked on another tab) reads the list and says the same", async () => {
    const { page, store } = await openConsole("?day=open-sun&view=links");
    let listed: unknown[] = [];
    page.site.answer("GET", LINKS, () => json(200, { day: "open-sun", links: listed }));
    page.site.answer("POST", DESK, () =>
      json(403, { status: 403, code: "forbidden", detail: "the desk link was revoked", revoked: true }),
    );
    await store.links.readLinks("open-sun");
    listed = [revokedFront];
    await store.links.issueLink("desk", "open-sun", { issuedTo: "Front desk", note: "Rizal Hall" });
    assert.match(store.links.issuing.desk.problem.value ?? "", /^“Front desk \(Rizal Hall\)” was revoked/);
    assert.equal(store.links.revokedLabel.value?.linkId, "front");
  });
});
