// The link list of a day over h2c: who may read and revoke it, an unknown link, idempotent revoke,
// a revoked link refused on every route within the registry TTL (on another instance too), last
// use written in batches, and a list file that never holds a token. The list lives in the data
// repository, so the suite runs over each of its adapters (a data folder, GitHub's Contents API).
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { linkIdOf } from "../../src/auth/link-id.ts";
import { MAX_LINKS_PER_DAY } from "../../src/features/links/link-book.ts";
import { formatLinkFile, type LinkEntry } from "../../src/features/links/link-file.ts";
import type { DataRepository } from "../../src/ports/data-repository.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { AppError } from "../../src/shared/errors.ts";
import { HALL_A, scheduleWorkbook, scoreBody, scorePath } from "../scores/schedule-fixture.ts";
import { SYNC_SECRET, startTestApp, type TestApp } from "../support/app.ts";
import {
  REPOSITORY_BACKENDS,
  type RepositoryBackend,
  SPREADSHEET_BACKENDS,
  type SpreadsheetBackend,
} from "../support/backends.ts";

const LIST = "/v3/days/open-sat/links";
const LIST_FILE = "open-2026/data/open-sat.links.json";
const revocation = (linkId: string, day = "open-sat") =>
  `/v3/days/${day}/links/${encodeURIComponent(linkId)}/revocation`;
const PEOPLE = "/v3/days/open-sat/facilities/Hall%20A/people";
const TTL_MS = 60_000;

/** A data folder whose writes are counted, and can be made to fail. */
function counted(repository: DataRepository) {
  const writes: string[] = [];
  const state = { failing: false };
  return {
    writes,
    state,
    repository: {
      read: (path: string) => repository.read(path),
      write: async (path: string, content: string, revision: string | null, message: string) => {
        writes.push(path);
        if (state.failing) throw new AppError("upstream_failure", "the data repository answered 500");
        return repository.write(path, content, revision, message);
      },
    } satisfies DataRepository,
  };
}

for (const { name, start } of REPOSITORY_BACKENDS)
  describe(`the links of a day (/v3/days/{day}/links) over ${name}`, () => {
    const clock = manualClock("2026-11-21T02:00:00Z");
    let repository: RepositoryBackend;
    let backend: SpreadsheetBackend;
    let store: ReturnType<typeof counted>;
    let t: TestApp;
    /** A second instance on the same data repository, with its own caches. */
    let other: TestApp;
    const operator = () => ({ authorization: `Bearer ${t.operatorToken()}` });
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const issue = async (kind: "desk" | "scorer", label: object = {}) => {
      const path =
        kind === "desk" ? "/v3/days/open-sat/attendance/desk-links" : "/v3/days/open-sat/scores/scorer-links";
      const res = await t.client.request("POST", path, { headers: operator(), body: label });
      assert.equal(res.status, 201, res.text);
      return res.json() as { token: string; linkId: string; expiresAt: number };
    };
    const list = async (app = t) =>
      (
        await app.client.request("GET", LIST, { headers: { authorization: `Bearer ${app.operatorToken()}` } })
      ).json().links as LinkEntry[];

    before(async () => {
      repository = await start();
      store = counted(repository.repository);
      backend = await (SPREADSHEET_BACKENDS[0] as (typeof SPREADSHEET_BACKENDS)[number]).start();
      const env = { ARCHIVE_MIN_INTERVAL_MS: "0", SYNC_CONFIG_TTL_MS: String(TTL_MS) };
      t = await startTestApp({
        clock,
        spreadsheets: backend.spreadsheets,
        repository: store.repository,
        env,
      });
      other = await startTestApp({
        clock,
        spreadsheets: backend.spreadsheets,
        repository: store.repository,
        env,
      });
    });
    after(async () => {
      await other.close();
      await t.close();
      await backend.close();
      await repository.close();
    });
    beforeEach(async () => {
      clock.set("2026-11-21T02:00:00Z");
      await backend.seed(HALL_A, scheduleWorkbook());
    });

    test("only an operator may list or revoke links: no token, a desk or scorer link, the sync secret are 401", async () => {
      const { linkId, token: desk } = await issue("desk");
      const { token: scorer } = await issue("scorer");
      const refused: Array<[string, Record<string, string>]> = [
        ["no credentials", {}],
        ["a desk link", as(desk)],
        ["a scorer link", as(scorer)],
        ["the sync secret", { "x-sync-secret": SYNC_SECRET }],
      ];
      for (const [who, headers] of refused) {
        for (const [method, path] of [
          ["GET", LIST],
          ["PUT", revocation(linkId)],
        ] as const) {
          const res = await t.client.request(method, path, { headers });
          assert.equal(res.status, 401, `${who}: ${method} ${path}`);
          assert.equal(res.json().code, "unauthorized");
          assert.equal(res.headers["www-authenticate"], 'Bearer realm="tournament-ops"');
        }
      }
      assert.equal((await t.client.request("GET", LIST, { headers: operator() })).status, 200);
      const listed = (await list()).find((link) => link.linkId === linkId);
      assert.equal(listed?.revokedAt, null, "a refused revoke changed nothing");
    });

    test("an issued link is listed by the digest of its token with its label, expiry and no token anywhere", async () => {
      const issued = await issue("desk", { issuedTo: "Front desk", note: "Hall A" });
      assert.equal(issued.linkId, linkIdOf(issued.token));
      const res = await t.client.request("GET", LIST, { headers: operator() });
      assert.equal(res.status, 200);
      assert.ok(!res.text.includes(issued.token));
      const entry = (res.json().links as LinkEntry[]).find((link) => link.linkId === issued.linkId);
      assert.deepEqual(entry, {
        linkId: issued.linkId,
        kind: "desk",
        issuedTo: "Front desk",
        note: "Hall A",
        issuedAt: clock.now(),
        expiresAt: issued.expiresAt,
        lastUsedAt: null,
        revokedAt: null,
      });
      const file = (await store.repository.read(LIST_FILE))?.content ?? "";
      assert.ok(
        file.includes(issued.linkId) && !file.includes(issued.token),
        "the public file holds the digest only",
      );
    });

    test("a link issued while the repository refuses writes is answered, listed, and written by the next write", async () => {
      store.state.failing = true;
      let issued: { token: string; linkId: string };
      try {
        issued = await issue("scorer", { issuedTo: "Written later" });
        assert.ok(
          (await list()).some((l) => l.linkId === issued.linkId),
          "this instance lists it at once",
        );
        await t.services.links.flush();
      } finally {
        store.state.failing = false;
      }
      const file = async () => (await store.repository.read(LIST_FILE))?.content ?? "";
      assert.ok(!(await file()).includes(issued.linkId), "not written while writes fail");
      await t.services.links.flush();
      assert.ok((await file()).includes(issued.linkId), "the next write carries it");
    });

    test("an unknown link is 404 not_found and an unknown day 404 unknown_day; nothing is written", async () => {
      const writes = store.writes.length;
      const unknown = await t.client.request("PUT", revocation(linkIdOf("no such token")), {
        headers: operator(),
      });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.json().code, "not_found");
      const day = await t.client.request("PUT", revocation(linkIdOf("x"), "no-such-day"), {
        headers: operator(),
      });
      assert.equal(day.status, 404);
      assert.equal(day.json().code, "unknown_day");
      assert.equal(
        (await t.client.request("GET", "/v3/days/no-such-day/links", { headers: operator() })).json().code,
        "unknown_day",
      );
      assert.equal(store.writes.length, writes);
    });

    test("revoking is idempotent: the second revoke answers the same revocation, changed false, and writes nothing", async () => {
      const { linkId } = await issue("scorer", { issuedTo: "Ana" });
      const first = await t.client.request("PUT", revocation(linkId), { headers: operator() });
      assert.equal(first.status, 200, first.text);
      assert.equal(first.json().changed, true);
      assert.equal(first.json().link.revokedAt, clock.now());
      const writes = store.writes.length;
      clock.advance(5_000);
      const again = await t.client.request("PUT", revocation(linkId), { headers: operator() });
      assert.equal(again.status, 200);
      assert.deepEqual(again.json(), { ...first.json(), changed: false });
      assert.equal(store.writes.length, writes);
    });

    test("a revoked scorer link is refused on the score PUT, saying it was revoked, while another scorer link saves", async () => {
      const revoked = await issue("scorer", { issuedTo: "Court 1 umpire" });
      const kept = await issue("scorer", { issuedTo: "Court 2 umpire" });
      assert.equal(
        (await t.client.request("PUT", revocation(revoked.linkId), { headers: operator() })).status,
        200,
      );
      const refused = await t.client.request("PUT", scorePath(1), {
        headers: as(revoked.token),
        body: scoreBody([null, null], [21, 17]),
      });
      assert.equal(refused.status, 401);
      assert.equal(refused.json().code, "unauthorized");
      assert.equal(refused.json().revoked, true);
      assert.match(refused.json().detail, /revoked/);
      const saved = await t.client.request("PUT", scorePath(1), {
        headers: as(kept.token),
        body: scoreBody([null, null], [21, 17]),
      });
      assert.equal(saved.status, 200, saved.text);
    });

    test("a revoked desk link is 401 on the people list and the mark; the frozen mark answers the frozen body", async () => {
      const { token, linkId } = await issue("desk");
      await t.client.request("PUT", revocation(linkId), { headers: operator() });
      for (const [method, path, body] of [
        ["GET", PEOPLE, undefined],
        ["PUT", `${PEOPLE}/ana%20cruz/attendance`, { present: true }],
      ] as const) {
        const res = await t.client.request(method, path, { headers: as(token), body });
        assert.equal(res.status, 401, `${method} ${path}`);
        assert.equal(res.json().revoked, true);
      }
      const frozen = await t.client.request(
        "PUT",
        "/v1/days/open-sat/facilities/Hall%20A/attendance/ana%20cruz",
        {
          headers: as(token),
          body: { present: true },
        },
      );
      assert.equal(frozen.status, 401);
      assert.deepEqual(Object.keys(frozen.json()), ["error", "code"]);
    });

    test("a desk link issued again under a revoked link's label would be that very link (same day, label, expiry): 403 saying to use another label", async () => {
      const label = { issuedTo: "Lost phone", note: "Hall A" };
      const first = await issue("desk", label);
      const again = await issue("desk", label);
      assert.equal(again.token, first.token, "a desk token is made of its day, label and end of day only");
      await t.client.request("PUT", revocation(first.linkId), { headers: operator() });
      for (const app of [t, other]) {
        const refused = await app.client.request("POST", "/v3/days/open-sat/attendance/desk-links", {
          headers: { authorization: `Bearer ${app.operatorToken()}` },
          body: label,
        });
        assert.equal(refused.status, 403, "the other instance reads the list fresh to issue");
        assert.equal(refused.json().code, "forbidden");
        assert.equal(
          refused.json().detail,
          'the desk link "Lost phone (Hall A)" was revoked, so that label cannot be used again on this day: issue the new link under another label',
          "plain words, nothing of how a token is made",
        );
        assert.equal(refused.json().revoked, true, "a page can tell this refusal from the others");
      }
      const renamed = await issue("desk", { ...label, issuedTo: "Lost phone, new" });
      assert.equal((await t.client.request("GET", PEOPLE, { headers: as(renamed.token) })).status, 200);
    });

    test("another instance refuses a revoked link once its copy of the list is older than SYNC_CONFIG_TTL_MS", async () => {
      const { token, linkId } = await issue("scorer");
      const save = (app: TestApp, scores: [number, number], expected: [number | null, number | null]) =>
        app.client.request("PUT", scorePath(2), { headers: as(token), body: scoreBody(expected, scores) });
      assert.equal(
        (await save(other, [21, 10], [21, 15])).status,
        200,
        "the other instance has read the list",
      );
      assert.equal((await t.client.request("PUT", revocation(linkId), { headers: operator() })).status, 200);
      assert.equal((await save(t, [21, 11], [21, 10])).status, 401, "the revoking instance refuses at once");
      clock.advance(TTL_MS - 1);
      assert.equal(
        (await save(other, [21, 11], [21, 10])).status,
        200,
        "within the TTL the other copy still serves",
      );
      clock.advance(1);
      const refused = await save(other, [21, 12], [21, 11]);
      assert.equal(refused.status, 401, "at the TTL the other instance reads the list again");
      assert.equal(refused.json().revoked, true);
    });

    test("uses are noted in memory and written in one write per list by the flush, with the newest time", async () => {
      const { token, linkId } = await issue("desk", { issuedTo: "Gate" });
      const writes = store.writes.length;
      for (let i = 0; i < 5; i++) {
        clock.advance(1_000);
        assert.notEqual((await t.client.request("GET", PEOPLE, { headers: as(token) })).status, 401);
      }
      const lastUse = clock.now();
      assert.equal(store.writes.length, writes, "no write per request");
      const stored = () => store.repository.read(LIST_FILE);
      const before = JSON.parse((await stored())?.content ?? "{}").links.find(
        (l: LinkEntry) => l.linkId === linkId,
      );
      assert.equal(before.lastUsedAt, null);
      assert.equal(
        (await list()).find((l) => l.linkId === linkId)?.lastUsedAt,
        lastUse,
        "the list shows this instance's uses",
      );
      await t.services.links.flush();
      assert.deepEqual(store.writes.slice(writes), [LIST_FILE]);
      const written = JSON.parse((await stored())?.content ?? "{}").links.find(
        (l: LinkEntry) => l.linkId === linkId,
      );
      assert.equal(written.lastUsedAt, lastUse);
      await t.services.links.flush();
      assert.equal(store.writes.length, writes + 1, "nothing used since: nothing written");
    });

    test("a link issued before the list existed is listed from its signed label once used, and can be revoked", async () => {
      const token = t.deskToken("open-sat", clock.now() + 3_600_000, { to: "Old desk", note: "Hall A" });
      assert.notEqual((await t.client.request("GET", PEOPLE, { headers: as(token) })).status, 401);
      await t.services.links.flush();
      const entry = (await list()).find((l) => l.linkId === linkIdOf(token));
      assert.deepEqual(
        [entry?.kind, entry?.issuedTo, entry?.note, entry?.issuedAt, entry?.lastUsedAt],
        ["desk", "Old desk", "Hall A", null, clock.now()],
      );
      assert.equal(
        (await t.client.request("PUT", revocation(linkIdOf(token)), { headers: operator() })).status,
        200,
      );
      assert.equal((await t.client.request("GET", PEOPLE, { headers: as(token) })).status, 401);
    });

    test(`a day holds at most ${MAX_LINKS_PER_DAY} links that have not expired: expired ones make room, then issuing is 403`, async () => {
      const entry = (n: number, expiresAt: number): LinkEntry => ({
        linkId: linkIdOf(`seeded ${n}`),
        kind: "scorer",
        issuedTo: null,
        note: null,
        issuedAt: 0,
        expiresAt,
        lastUsedAt: null,
        revokedAt: null,
      });
      const seed = async (links: LinkEntry[]) => {
        const current = await store.repository.read(LIST_FILE);
        await store.repository.write(
          LIST_FILE,
          formatLinkFile({ version: 1, day: "open-sat", links }),
          current?.revision ?? null,
          "seed",
        );
        await list(); // read fresh, so this instance's copy is the seeded file
      };
      const expired = Array.from({ length: 3 }, (_, n) => entry(n, clock.now() - 1_000 * (n + 1)));
      const live = Array.from({ length: MAX_LINKS_PER_DAY - 3 }, (_, n) =>
        entry(100 + n, clock.now() + 3_600_000),
      );
      await seed([...expired, ...live]);
      await issue("desk");
      const kept = await list();
      assert.equal(kept.length, MAX_LINKS_PER_DAY);
      assert.ok(!kept.some((l) => l.linkId === linkIdOf("seeded 2")), "the oldest expired link made room");
      await seed(Array.from({ length: MAX_LINKS_PER_DAY }, (_, n) => entry(n, clock.now() + 3_600_000)));
      const refused = await t.client.request("POST", "/v3/days/open-sat/scores/scorer-links", {
        headers: operator(),
        body: {},
      });
      assert.equal(refused.status, 403);
      assert.equal(refused.json().code, "forbidden");
      await seed([]);
    });

    test("a list file the service cannot read is never overwritten: the day's links are 503 config_unavailable until it is fixed", async () => {
      const { token } = await issue("desk", { issuedTo: "Before the edit" });
      const broken = '{ "links": "hand-edited" }\n';
      await repository.seed(LIST_FILE, broken);
      clock.advance(TTL_MS); // this instance's copy of the list is due to be read again
      const listed = await t.client.request("GET", LIST, { headers: operator() });
      assert.equal(listed.status, 503);
      assert.equal(listed.json().code, "config_unavailable");
      assert.match(listed.json().detail, /open-sat\.links\.json is not a link list/);
      const used = await t.client.request("GET", PEOPLE, { headers: as(token) });
      assert.deepEqual([used.status, used.json().code], [503, "config_unavailable"]);
      await t.client.request("POST", "/v3/days/open-sat/attendance/desk-links", {
        headers: operator(),
        body: {},
      });
      await t.services.links.flush();
      assert.equal((await store.repository.read(LIST_FILE))?.content, broken, "the hand edit is kept");

      await repository.seed(LIST_FILE, formatLinkFile({ version: 1, day: "open-sat", links: [] }));
      clock.advance(TTL_MS);
      assert.equal((await t.client.request("GET", PEOPLE, { headers: as(token) })).status, 200);
    });
  });
