import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { errorShapeProblems } from "./support/body-shape.ts";
import { ESCAPE_MARKER, type HostileApp, startHostileApp } from "./support/hostile-app.ts";
import { ESCAPING_KEYS, HOSTILE_ROUTES, type HostileRoute } from "./support/hostile-routes.ts";
import { record } from "./support/results.ts";

describe("hostile input on every route", () => {
  const RUNS = 30;
  let t: HostileApp;
  let filesBefore: string[];
  before(async () => {
    t = await startHostileApp();
    filesBefore = await t.files();
  });
  after(() => t.dispose());

  const VALID: Record<string, string[]> = {
    day: ["open-sat", "dual-d1", "open-sun", "teams-d1"],
    facility: ["Hall A", "Annex", "Court House"],
    event: ["open-2026", "teams-2026"],
    personKey: ["player 1", "nobody"],
    matchNumber: ["1", "99"],
    // A link id of the right shape (43 base64url characters) that no link has.
    linkId: ["47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU"],
  };

  const hostileText = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.constantFrom(...ESCAPING_KEYS),
    fc.constantFrom(
      "",
      " ",
      "%",
      "%%",
      "%ZZ",
      "a".repeat(600),
      '=HYPERLINK("http://x")',
      "\u202e",
      "null",
      "-1",
      "1e9",
      "0x10",
    ),
  );
  const param = (name: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...(VALID[name] ?? ["x"])) },
      { weight: 3, arbitrary: hostileText },
    );
  /** Encoded as a client would, raw (as an attacker might), or double-encoded. */
  const encoded = (arb: fc.Arbitrary<string>) =>
    fc.tuple(arb, fc.constantFrom("encode", "raw", "double")).map(([text, how]) =>
      // raw: slashes, dots and percent signs left as they are; what HTTP cannot carry is still encoded
      how === "raw"
        ? text.replace(/[^\x21-\x7e]|[?#]/gu, encodeURIComponent)
        : how === "double"
          ? encodeURIComponent(encodeURIComponent(text))
          : encodeURIComponent(text),
    );

  const anything = fc.oneof(
    fc.jsonValue(),
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const bodies = fc.oneof(
    fc.record({ present: anything }, { requiredKeys: [] }),
    fc.record({ isLive: fc.oneof(anything, fc.constantFrom(true, false, "auto")) }, { requiredKeys: [] }),
    fc.record({ enabled: anything, scoreEntry: anything, mode: anything }, { requiredKeys: [] }),
    fc.record({
      expected: fc.oneof(anything, fc.record({ team1Score: anything, team2Score: anything })),
      team1Score: anything,
      team2Score: anything,
    }),
    fc.record({ issuedTo: anything, note: anything, facility: anything }, { requiredKeys: [] }),
    fc.record({ username: anything, password: anything }, { requiredKeys: [] }),
    fc.record(
      { method: fc.oneof(anything, fc.constantFrom("sheets", "csv")), editedAt: anything },
      { requiredKeys: [] },
    ),
    fc.dictionary(hostileText, anything, { maxKeys: 4 }),
    anything,
  );
  const rawBodies = fc.oneof(
    bodies.map((b) => JSON.stringify(b)),
    fc.constantFrom(
      "{",
      '{"present":',
      "[]",
      "null",
      "\u0000",
      '{"__proto__":{"present":true}}',
      '{"constructor":{"prototype":{}}}',
    ),
    fc.string({ maxLength: 60 }),
  );
  const contentTypes = fc.constantFrom(
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonx",
    undefined,
  );
  const accepts = fc.constantFrom(
    undefined,
    "*/*",
    "application/json",
    "application/problem+json",
    "text/html",
    "application/pdf",
    "garbage;;q=x",
  );
  const credentials = fc.constantFrom(
    "operator",
    "operator",
    "operator",
    "desk",
    "scorer",
    "none",
    "garbage",
    "secret",
  );

  function pathOf(route: HostileRoute, params: Record<string, string>): string {
    return route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "x");
  }

  function authHeaders(kind: string): Record<string, string> {
    if (kind === "operator") return { authorization: `Bearer ${t.operatorToken()}` };
    if (kind === "desk") return { authorization: `Bearer ${t.deskToken("open-sat")}` };
    if (kind === "scorer") return { authorization: `Bearer ${t.scorerToken("open-sat")}` };
    if (kind === "garbage") return { authorization: "Bearer ../../etc/passwd.%2F" };
    if (kind === "secret") return { "x-sync-secret": "sync-secret-for-tests" };
    return {};
  }

  describe("hostile input, route by route: no 500, the right error shape, a known code, no escape", () => {
    for (const route of HOSTILE_ROUTES) {
      test(`${route.method} ${route.path}: ${RUNS} hostile requests`, async () => {
        const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
        const request = fc.record({
          params: fc.record(Object.fromEntries(names.map((n) => [n, encoded(param(n))]))),
          query: fc.dictionary(
            fc.constantFrom(...(route.query ?? ["x"]), "facility", "method"),
            hostileText,
            {
              maxKeys: 2,
            },
          ),
          body:
            route.body === "json"
              ? fc.option(rawBodies, { nil: undefined })
              : fc.option(rawBodies, { nil: undefined, freq: 8 }),
          contentType: contentTypes,
          accept: accepts,
          credential: credentials,
        });
        let tried = 0;
        await fc.assert(
          fc.asyncProperty(request, async (r) => {
            const search = new URLSearchParams(r.query).toString();
            const path = `${pathOf(route, r.params as Record<string, string>)}${search ? `?${search}` : ""}`;
            const headers: Record<string, string> = { ...authHeaders(r.credential) };
            if (r.accept) headers.accept = r.accept;
            if (r.body !== undefined && r.contentType) headers["content-type"] = r.contentType;
            let res: Awaited<ReturnType<typeof t.client.request>>;
            try {
              res = await t.client.request(route.method, path, { headers, body: r.body });
            } catch {
              return; // the HTTP/2 client refused to send it (an illegal :path); nothing reached the service
            }
            tried++;
            // "No 500": a documented upstream answer (502 upstream_failure for a day whose workbook is
            // missing, 503 service_busy) is allowed; an unexpected error is not.
            assert.notEqual(
              res.status,
              500,
              `${res.status} for ${route.method} ${path}: ${res.text.slice(0, 200)}`,
            );
            assert.ok(!res.text.includes(ESCAPE_MARKER), `a key escaped its folder: ${path}`);
            if (res.status >= 400) {
              const frozen = !path.startsWith("/v3/") && path !== "/v3";
              assert.deepEqual(errorShapeProblems(res, { frozen, path }), [], `${res.status} ${path}`);
            }
          }),
          { numRuns: RUNS },
        );
        record("hostile", { route: `${route.method} ${route.path}`, tried, pass: true });
      });
    }

    test("path keys never escape: dot segments, encoded slashes and look-alikes read and write nothing outside", async () => {
      const operator = { authorization: `Bearer ${t.operatorToken()}` };
      let tried = 0;
      for (const key of ESCAPING_KEYS) {
        for (const form of [encodeURIComponent(key), key.replace(/ /g, "%20")]) {
          for (const path of [
            `/v3/days/${form}/syncs`,
            `/v3/days/open-sat/facilities/${form}/people`,
            `/v3/days/open-sat/facilities/${form}/syncs`,
            `/v3/days/open-sat/facilities/Hall%20A/people/${form}/attendance`,
            `/v3/events/${form}/score-entry`,
            `/sync/${form}`,
          ]) {
            const method =
              path.endsWith("/people") || path.endsWith("score-entry")
                ? "GET"
                : path.endsWith("/attendance")
                  ? "PUT"
                  : "POST";
            const body = method === "PUT" ? { present: true } : undefined;
            let res: Awaited<ReturnType<typeof t.client.request>>;
            try {
              res = await t.client.request(method, path, { headers: operator, body });
            } catch {
              continue;
            }
            tried++;
            assert.notEqual(res.status, 500, `${res.status} ${path} ${res.text}`);
            assert.ok(!res.text.includes(ESCAPE_MARKER), path);
          }
        }
      }
      const decoy = await t.client.request("GET", "/v3/days/open-sat/facilities/Decoy/people", {
        headers: operator,
      });
      assert.equal(
        decoy.status,
        404,
        "a registry sheetId of ../decoy opens no file outside the workbooks folder",
      );
      assert.ok(!decoy.text.includes(ESCAPE_MARKER));
      const outside = (await t.files()).filter((f) => !f.startsWith("data/") && !f.startsWith("workbooks/"));
      assert.deepEqual(
        outside,
        filesBefore.filter((f) => !f.startsWith("data/") && !f.startsWith("workbooks/")),
      );
      record("hostile", { route: "path escape probes (6 routes)", tried: tried + 1, pass: true });
    });
  });
});
