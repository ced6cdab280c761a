import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { createXlsxWorkbooks } from "../../src/adapters/xlsx-workbooks/index.ts";
import { DEPRECATION_HEADER } from "../../src/http/frozen.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { HEADER, recordingRelay } from "../attendance/harness.ts";
import { scheduleWorkbook, scoreBody } from "../scores/schedule-fixture.ts";
import { OPERATOR, SYNC_SECRET, startTestApp, type TestApp } from "../support/app.ts";
import type { H2RequestOptions, H2Response } from "../support/h2c.ts";
import { writeWorkbook } from "../support/workbooks.ts";

// Every frozen route answers what its /v3 twin answers, but for the spec's Differences column: each pair
// goes to two fresh apps over identical workbooks, data folders and clocks, so answers compare byte for byte.

const cleanups: Array<() => Promise<void>> = [];
describe("frozen routes answer as their /v3 twin, but for the spec's differences", () => {
  after(() => Promise.all(cleanups.map((cleanup) => cleanup())));

  const ANA = ["ana cruz", "Ana Cruz", "MS_1", "MS", false, "", false];

  /** A fresh app over fresh local workbooks: Hall A of `open-sat` has a schedule, a roster and an attendance tab. */
  async function freshApp(): Promise<TestApp> {
    const dir = await mkdtemp(join(tmpdir(), "tops-twins-"));
    await writeWorkbook(dir, "open-hall-a", { ...scheduleWorkbook(), ATTENDANCE: [HEADER, ANA] });
    const workbooks = createXlsxWorkbooks({ dir });
    const t = await startTestApp({
      spreadsheets: workbooks,
      clock: manualClock("2026-11-21T02:00:00Z"),
      liveRelay: recordingRelay(),
    });
    cleanups.push(async () => {
      await t.close();
      workbooks.close();
      await rm(dir, { recursive: true, force: true });
    });
    return t;
  }

  type Call = [method: string, path: string, options?: H2RequestOptions];

  /** Sends one call to a fresh app, with an operator token unless the call names its own auth. */
  async function answer([method, path, options = {}]: Call): Promise<H2Response> {
    const t = await freshApp();
    const headers = { authorization: `Bearer ${t.operatorToken()}`, ...options.headers };
    return t.client.request(method, path, { ...options, headers });
  }

  /**
   * A body with what no two runs share made equal: the time a sync took, a PDF's random file id, and
   * an operator token's random `sid` (so two sign-ins never share a token), with the signature over it.
   */
  function comparable(res: H2Response): unknown {
    const type = String(res.headers["content-type"]);
    if (type.startsWith("application/pdf")) return withoutPdfId(res.body);
    if (type.startsWith("application/x-ndjson"))
      return res.text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
        .map((line) =>
          line.pdfBase64 ? { ...line, pdfBase64: withoutPdfId(Buffer.from(line.pdfBase64, "base64")) } : line,
        );
    const body = res.json();
    if (typeof body.durationMs === "number") body.durationMs = 0;
    if (typeof body.token === "string") {
      const payload = JSON.parse(Buffer.from(body.token.split(".")[0], "base64url").toString());
      if ("sid" in payload) body.token = { ...payload, sid: "random" };
    }
    return body;
  }

  const withoutPdfId = (pdf: Buffer) => pdf.toString("latin1").replace(/\/ID\[<[0-9a-f]+><[0-9a-f]+>\]/, "");

  /** The frozen answer's own headers: `Deprecation` and the successor `Link`. */
  function assertFrozenHeaders(res: H2Response, successor: string) {
    assert.equal(res.headers.deprecation, DEPRECATION_HEADER);
    assert.equal(res.headers.link, `<${successor}>; rel=successor-version`);
  }

  const json = (body: unknown): H2RequestOptions => ({ body });
  const CSV = "matchNumber,court,teamCode1,team1,teamCode2,team2\n1,C1,MS_1,Ana Cruz,MS_2,Bea Lim\n";
  function form(): H2RequestOptions {
    const boundary = "----twins";
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nstandard\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="m.csv"\r\nContent-Type: text/csv\r\n\r\n${CSV}\r\n` +
        `--${boundary}--\r\n`,
    );
    return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  }

  interface Twin {
    /** The spec's Differences column, quoted. */
    difference: string;
    frozen: Call;
    v3: Call;
    successor: string;
    /** The frozen status when it differs from the /v3 one. */
    frozenStatus?: number;
    /** The frozen body when it is not the /v3 one. */
    frozenBody?: (v3: Record<string, unknown>) => unknown;
  }

  const EDITED = "2026-11-21T01:59:00Z";
  const SCORE = scoreBody([null, null], [21, 17]);

  const TWINS: Record<string, Twin> = {
    "POST /sync/:day": {
      difference: "input in query and header",
      frozen: ["POST", "/sync/open-sat?method=csv", { headers: { "x-sync-secret": SYNC_SECRET } }],
      v3: [
        "POST",
        "/v3/days/open-sat/syncs",
        { ...json({ method: "csv" }), headers: { "x-sync-secret": SYNC_SECRET } },
      ],
      successor: "/v3/days/open-sat/syncs",
    },
    "POST /sync/:day?facility=": {
      difference: "?method= and header X-Edit-At instead of a body",
      frozen: [
        "POST",
        "/sync/open-sat?facility=Hall%20A&method=sheets",
        { headers: { "x-edit-at": EDITED } },
      ],
      v3: [
        "POST",
        "/v3/days/open-sat/facilities/Hall%20A/syncs",
        json({ method: "sheets", editedAt: EDITED }),
      ],
      successor: "/v3/days/open-sat/facilities/Hall%20A/syncs",
    },
    "POST /sync/:day/live": {
      difference: "operator only",
      frozen: ["POST", "/sync/open-sat/live", json({ isLive: true })],
      v3: ["PUT", "/v3/days/open-sat/visibility", json({ isLive: true })],
      successor: "/v3/days/open-sat/visibility",
    },
    "POST /sync/live-push": {
      difference: "operator only",
      frozen: ["POST", "/sync/live-push", json({ enabled: false })],
      v3: ["PUT", "/v3/settings/live-push", json({ enabled: false })],
      successor: "/v3/settings/live-push",
    },
    "GET /sync/config": {
      difference: "secret or operator",
      frozen: ["GET", "/sync/config", { headers: { "x-sync-secret": SYNC_SECRET } }],
      v3: ["GET", "/v3/diagnostics/sync", { headers: { "x-sync-secret": SYNC_SECRET } }],
      successor: "/v3/diagnostics/sync",
    },
    "POST /scoresheets/generate": {
      difference: "always the PDF",
      frozen: [
        "POST",
        "/scoresheets/generate",
        { ...form(), headers: { ...form().headers, accept: "text/csv" } },
      ],
      v3: [
        "POST",
        "/v3/scoresheets",
        { ...form(), headers: { ...form().headers, accept: "application/pdf" } },
      ],
      successor: "/v3/scoresheets",
    },
    "POST /scoresheets/generate/stream": {
      difference: "always NDJSON",
      frozen: ["POST", "/scoresheets/generate/stream", form()],
      v3: [
        "POST",
        "/v3/scoresheets",
        { ...form(), headers: { ...form().headers, accept: "application/x-ndjson" } },
      ],
      successor: "/v3/scoresheets",
    },
    "POST /auth/login": {
      difference: "answers 200 not 201",
      frozen: ["POST", "/auth/login", json(OPERATOR)],
      v3: ["POST", "/v3/sessions", json(OPERATOR)],
      successor: "/v3/sessions",
      frozenStatus: 200,
      // As released: the device proof /v3/sessions added at 3.9 is not in the frozen answer.
      frozenBody: ({ deviceProof: _added, ...released }) => released,
    },
    "PUT /v1/events/:event/score-entry": {
      difference: "body { mode } instead of { scoreEntry }",
      frozen: ["PUT", "/v1/events/open-2026/score-entry", json({ mode: "console" })],
      v3: ["PUT", "/v3/events/open-2026/score-entry", json({ scoreEntry: "console" })],
      successor: "/v3/events/open-2026/score-entry",
    },
    "PUT /v1/days/:day/facilities/:facility/attendance/:key": {
      difference: ":key is the person key",
      frozen: ["PUT", "/v1/days/open-sat/facilities/Hall%20A/attendance/ana%20cruz", json({ present: true })],
      v3: [
        "PUT",
        "/v3/days/open-sat/facilities/Hall%20A/people/ana%20cruz/attendance",
        json({ present: true }),
      ],
      successor: "/v3/days/open-sat/facilities/Hall%20A/people/ana%20cruz/attendance",
    },
    "POST /v1/days/:day/attendance/desk-links": {
      difference: "ignores any body and answers exactly { token, expiresAt, day }",
      frozen: ["POST", "/v1/days/open-sat/attendance/desk-links", json({ issuedTo: "Gate 2" })],
      v3: ["POST", "/v3/days/open-sat/attendance/desk-links"],
      successor: "/v3/days/open-sat/attendance/desk-links",
      frozenBody: ({ token, expiresAt, day }) => ({ token, expiresAt, day }),
    },
    "POST /v1/days/:day/attendance/reconciliations?facility=": {
      difference: "facility in the query",
      frozen: ["POST", "/v1/days/open-sat/attendance/reconciliations?facility=Hall%20A"],
      v3: ["POST", "/v3/days/open-sat/attendance/reconciliations", json({ facility: "Hall A" })],
      successor: "/v3/days/open-sat/attendance/reconciliations",
    },
    "PUT /v1/days/:day/facilities/:facility/matches/:matchNumber/score": {
      difference: "(none)",
      frozen: ["PUT", "/v1/days/open-sat/facilities/Hall%20A/matches/1/score", json(SCORE)],
      v3: ["PUT", "/v3/days/open-sat/facilities/Hall%20A/matches/1/score", json(SCORE)],
      successor: "/v3/days/open-sat/facilities/Hall%20A/matches/1/score",
      // 3.0's body: the notes the /v3 answer gained (a response-member addition) stay out.
      frozenBody: ({ note: _note, previousNote: _previous, ...v3 }) => v3,
    },
    "POST /v1/days/:day/scores/scorer-links": {
      difference: "ignores any body and answers exactly { token, expiresAt, day }",
      frozen: ["POST", "/v1/days/open-sat/scores/scorer-links", json({ note: "Court 3" })],
      v3: ["POST", "/v3/days/open-sat/scores/scorer-links"],
      successor: "/v3/days/open-sat/scores/scorer-links",
      frozenBody: ({ token, expiresAt, day }) => ({ token, expiresAt, day }),
    },
  };

  for (const [route, twin] of Object.entries(TWINS)) {
    test(`${route}: ${twin.difference}`, async () => {
      const [frozen, v3] = [await answer(twin.frozen), await answer(twin.v3)];
      assert.ok(v3.status < 300, `${v3.status} ${v3.text.slice(0, 300)}`);
      assert.equal(frozen.status, twin.frozenStatus ?? v3.status, frozen.text.slice(0, 300));
      assert.equal(frozen.headers["content-type"], v3.headers["content-type"]);
      const expected = twin.frozenBody
        ? twin.frozenBody(comparable(v3) as Record<string, unknown>)
        : comparable(v3);
      assert.deepEqual(comparable(frozen), expected);
      assertFrozenHeaders(frozen, twin.successor);
      assert.equal(v3.headers.deprecation, undefined);
    });
  }

  test("errors: the plain { error, code } body with the /v3 code and message; 400 not 404 for an unknown day or facility", async () => {
    const pairs: Array<[Call, Call]> = [
      [
        ["POST", "/sync/no-such-day", { headers: { "x-sync-secret": SYNC_SECRET } }],
        ["POST", "/v3/days/no-such-day/syncs", { headers: { "x-sync-secret": SYNC_SECRET } }],
      ],
      [
        ["PUT", "/v1/days/open-sat/facilities/Nowhere/attendance/ana", json({ present: true })],
        ["PUT", "/v3/days/open-sat/facilities/Nowhere/people/ana/attendance", json({ present: true })],
      ],
      [
        ["PUT", "/v1/events/open-2026/score-entry", json({ mode: "never" })],
        ["PUT", "/v3/events/open-2026/score-entry", json({ scoreEntry: "never" })],
      ],
    ];
    for (const [frozenCall, v3Call] of pairs) {
      const [frozen, v3] = [await answer(frozenCall), await answer(v3Call)];
      const problem = v3.json();
      assert.equal(frozen.status, problem.status === 404 && /^unknown_/.test(problem.code) ? 400 : v3.status);
      assert.equal(frozen.headers["content-type"], "application/json; charset=utf-8");
      const body = frozen.json();
      assert.deepEqual(Object.keys(body), ["error", "code"]);
      assert.equal(body.code, problem.code);
      if (body.code !== "validation_error") assert.equal(body.error, problem.detail);
    }
  });
});
