import assert from "node:assert/strict";
import { connect } from "node:http2";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { createTokenSigner } from "../../src/auth/tokens.ts";
import { pdfPages } from "../support/scoresheet-pdf.ts";
import { type HostileApp, startHostileApp } from "./support/hostile-app.ts";
import { record } from "./support/results.ts";

describe("tokens and limits", () => {
  let t: HostileApp;
  before(async () => {
    t = await startHostileApp();
  });
  after(() => t.dispose());

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const parts = (token: string) => token.split(".") as [string, string];
  const payloadOf = (token: string) => JSON.parse(Buffer.from(parts(token)[0], "base64url").toString());
  /** Routes each kind is accepted on; a forged token must be refused on all of them. */
  const PROBES = [
    { method: "GET", path: "/v3/diagnostics/sync" },
    { method: "GET", path: "/v3/days/open-sat/facilities/Hall%20A/people" },
    {
      method: "PUT",
      path: "/v3/days/open-sat/facilities/Hall%20A/matches/1/score",
      body: { expected: { team1Score: 0, team2Score: 0 }, team1Score: 0, team2Score: 0 },
    },
  ];

  async function refusedEverywhere(token: string): Promise<boolean> {
    for (const probe of PROBES) {
      const res = await t.client.request(probe.method, probe.path, {
        headers: { authorization: `Bearer ${token}` },
        body: probe.body,
      });
      if (res.status < 400 || ![401, 403].includes(res.status)) return false;
    }
    return true;
  }

  describe("token fuzz: no forged, re-labelled, expired or other-day token is accepted", () => {
    test("random byte tampering of operator, desk and scorer tokens", async () => {
      const tokens = [t.operatorToken(), t.deskToken("open-sat"), t.scorerToken("open-sat")];
      let tried = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...tokens),
          fc.nat(),
          fc.integer({ min: 1, max: 63 }),
          async (token, at, flip) => {
            const index = at % token.length;
            const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";
            const replaced = alphabet[
              (alphabet.indexOf(token[index] as string) + flip) % alphabet.length
            ] as string;
            const forged = token.slice(0, index) + replaced + token.slice(index + 1);
            fc.pre(forged !== token);
            tried++;
            assert.ok(await refusedEverywhere(forged), forged);
          },
        ),
        { numRuns: 60 },
      );
      record("tokens", { case: "random character changes", tried, pass: true });
    });

    test("edited payloads, swapped signatures, re-labelled kinds, foreign keys", async () => {
      const desk = t.deskToken("open-sat");
      const scorer = t.scorerToken("open-sat");
      const operator = t.operatorToken();
      const [deskBody, deskSig] = parts(desk);
      const [scorerBody, scorerSig] = parts(scorer);
      const [operatorBody, operatorSig] = parts(operator);
      const later = (token: string) => ({ ...payloadOf(token), exp: payloadOf(token).exp + 86_400_000 });
      const foreign = createTokenSigner("another-secret-entirely-0123")!;
      const forged = [
        `${b64(later(desk))}.${deskSig}`,
        `${b64({ ...payloadOf(desk), day: "open-sun" })}.${deskSig}`,
        `${b64({ ...payloadOf(desk), scope: "score-desk" })}.${deskSig}`,
        `${b64({ ...payloadOf(scorer), scope: "attendance-desk" })}.${scorerSig}`,
        `${deskBody}.${scorerSig}`,
        `${scorerBody}.${deskSig}`,
        `${scorerBody}.${operatorSig}`,
        `${operatorBody}.${deskSig}`,
        `${b64({ ...payloadOf(operator), scope: "attendance-desk" })}.${operatorSig}`,
        `${b64({ ...payloadOf(desk), to: "Head referee" })}.${deskSig}`,
        foreign.issueOperator(t.clock.now(), 60_000).token,
        foreign.issueDayToken("desk", { exp: t.clock.now() + 60_000, day: "open-sat" }).token,
        `${deskBody}.`,
        `.${deskSig}`,
        `${deskBody}.${deskSig}.${deskSig}`,
        `${b64({ alg: "none" })}.${b64(later(operator))}.`,
      ];
      for (const token of forged) assert.ok(await refusedEverywhere(token), token);
      record("tokens", {
        case: "edited payloads, swapped signatures, kinds re-labelled, foreign key",
        tried: forged.length,
        pass: true,
      });
    });

    test("expired by one millisecond, and tokens of another day", async () => {
      const now = t.clock.now();
      const expired = [
        t.services.signer.issueOperator(now - 1_000, 999).token,
        t.deskToken("open-sat", now - 1),
        t.scorerToken("open-sat", now - 1),
      ];
      for (const token of expired) assert.ok(await refusedEverywhere(token), "expired by 1 ms");
      const otherDay = [
        t.deskToken("open-sun"),
        t.scorerToken("open-sun"),
        t.deskToken("dual-d1"),
        t.scorerToken("teams-d1"),
      ];
      for (const token of otherDay) {
        const people = await t.client.request("GET", PROBES[1]!.path, {
          headers: { authorization: `Bearer ${token}` },
        });
        const score = await t.client.request("PUT", PROBES[2]!.path, {
          headers: { authorization: `Bearer ${token}` },
          body: PROBES[2]!.body,
        });
        assert.ok(
          [401, 403].includes(people.status) && [401, 403].includes(score.status),
          `${people.status} ${score.status}`,
        );
      }
      record("tokens", {
        case: "expired by 1 ms; other days",
        tried: expired.length + otherDay.length,
        pass: true,
      });
    });
  });

  /** Sends headers announcing `declared` bytes, then `sent` bytes, and waits for the answer without ending the body. */
  function earlyAnswer(
    path: string,
    contentType: string,
    declared: number,
    sent: number,
  ): Promise<{ status: number; body: string; ended: boolean }> {
    return new Promise((resolve, reject) => {
      const session = connect(t.url);
      session.on("error", () => {});
      const stream = session.request({
        ":method": "POST",
        ":path": path,
        "content-type": contentType,
        "content-length": String(declared),
      });
      let status = 0;
      const chunks: Buffer[] = [];
      stream.on("response", (h) => {
        status = Number(h[":status"]);
      });
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        resolve({ status, body: Buffer.concat(chunks).toString(), ended: false });
        // The service resets the stream with NO_ERROR after its early answer; node's client would keep
        // it open for the unsent bytes (and the session with it), so let it go.
        stream.destroy();
        session.close();
      });
      stream.on("error", (error) =>
        status ? resolve({ status, body: Buffer.concat(chunks).toString(), ended: false }) : reject(error),
      );
      stream.write(Buffer.alloc(sent, 0x20));
    });
  }

  describe("oversized bodies are refused early, before the whole body is read", () => {
    test("a JSON body announced over 64 KiB: 413 payload_too_large while most of it is unsent", async () => {
      const res = await earlyAnswer("/v3/sessions", "application/json", 50 * 1024 * 1024, 70 * 1024);
      assert.equal(res.status, 413, res.body);
      assert.equal(JSON.parse(res.body).code, "payload_too_large");
      record("hostile", {
        route: "oversized JSON body (50 MiB announced, 70 KiB sent)",
        tried: 1,
        pass: true,
      });
    });

    test("a scoresheet upload announced over 5 MiB: 413 while most of it is unsent", async () => {
      const res = await earlyAnswer(
        "/v3/scoresheets",
        "multipart/form-data; boundary=zz",
        500 * 1024 * 1024,
        64 * 1024,
      );
      assert.equal(res.status, 413, res.body);
      assert.equal(JSON.parse(res.body).code, "payload_too_large");
      record("hostile", {
        route: "oversized scoresheet upload (500 MiB announced, 64 KiB sent)",
        tried: 1,
        pass: true,
      });
    });
  });

  describe("CSV formula injection in scoresheet text is rendered as text", () => {
    test("=HYPERLINK, +cmd, @SUM and -1+1 appear literally on the sheet", async () => {
      const payloads = [
        '=HYPERLINK("http://evil.example","click")',
        "+cmd|' /C calc'!A0",
        "@SUM(1+1)*cmd|' /C calc'!A0",
        "-1+1",
      ];
      const csv = [
        "matchNumber,teamCode1,team1,teamCode2,team2,category,round,court,referee",
        ...payloads.map(
          (p, i) =>
            `${i + 1},A_${i},"${p.replaceAll('"', '""')}",B_${i},Opponent ${i},Open,R1,1,"${p.replaceAll('"', '""')}"`,
        ),
      ].join("\n");
      const boundary = "reliability-boundary";
      const part = (name: string, value: string, file = false) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="m.csv"\r\nContent-Type: text/csv' : ""}\r\n\r\n${value}\r\n`;
      const body = `${part("type", "standard")}${part("evt", '=HYPERLINK("http://evil")')}${part("csv", csv, true)}--${boundary}--\r\n`;
      const res = await t.client.request("POST", "/v3/scoresheets", {
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/pdf" },
        body,
      });
      assert.equal(res.status, 200, res.text.slice(0, 200));
      const text = (await pdfPages(new Uint8Array(res.body)))
        .flat()
        .map((r) => r.text)
        .join("\n");
      for (const payload of payloads)
        assert.ok(text.includes(payload.slice(0, 12)), `${payload} not rendered as text`);
      record("hostile", {
        route: "POST /v3/scoresheets formula-injection texts",
        tried: payloads.length + 1,
        pass: true,
      });
    });
  });
});
