import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import jsqr from "jsqr";
import { startTestApp, type TestApp } from "../../../test/support/app.ts";
import { pdfPages, renderPage, texts } from "../../../test/support/scoresheet-pdf.ts";

describe("the scoresheet routes", () => {
  const CSV =
    "matchNumber,category,round,court,time,teamCode1,team1,teamCode2,team2,referee\r\n" +
    '101,MD Open,QF,2,09:00,MD_1,"Ana Cruz / José Núñez",MD_4,"Bo Lim / Zoë Ñiño",Cy\r\n' +
    "102,WS Open,QF,3,09:20,WS_2,Dee Ong,WS_7,Eva Poe,Fay\r\n";

  interface Part {
    name: string;
    value: string | Buffer;
    filename?: string;
  }

  function multipart(parts: Part[]): { body: Buffer; type: string } {
    const boundary = "----scoresheet-test-boundary";
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const file = part.filename ? `; filename="${part.filename}"\r\nContent-Type: text/csv` : "";
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`),
      );
      chunks.push(Buffer.from(part.value), Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
  }

  const form = (fields: Record<string, string> = {}, csv: string | Buffer = CSV) =>
    multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: "csv", value: csv, filename: "matches.csv" },
    ]);

  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  async function post(path: string, body: { body: Buffer; type: string }, accept?: string) {
    const headers: Record<string, string> = { "content-type": body.type };
    if (accept !== undefined) headers["accept"] = accept;
    return t.client.request("POST", path, { headers, body: body.body });
  }

  function ndjson(text: string): Array<Record<string, unknown>> {
    assert.ok(text.endsWith("\n"));
    return text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
  }

  describe("POST /v3/scoresheets: Accept negotiated before the upload is read", () => {
    for (const accept of [undefined, "*/*", "application/pdf"]) {
      it(`Accept ${accept ?? "absent"} returns the PDF named by out`, async () => {
        const res = await post(
          "/v3/scoresheets",
          form({ type: "best-of-3", evt: "City Open", out: "day1", blanks: "1" }),
          accept,
        );
        assert.equal(res.status, 200);
        assert.equal(res.headers["content-type"], "application/pdf");
        assert.equal(res.headers["content-disposition"], 'attachment; filename="day1.pdf"');
        const pages = await pdfPages(res.body);
        assert.equal(pages.length, 3);
        const first = texts(pages[0]!);
        for (const text of ["101", "MD_1", "Ana Cruz", "José Núñez", "Bo Lim", "Zoë Ñiño", "City Open"])
          assert.ok(first.has(text), text);
        assert.ok(texts(pages[1]!).has("Eva Poe"));
      });
    }

    it("application/x-ndjson streams parsed, progress per chunk, then done with the PDF", async () => {
      const res = await post("/v3/scoresheets", form({ blanks: "2" }), "application/x-ndjson");
      assert.equal(res.status, 200);
      assert.match(String(res.headers["content-type"]), /^application\/x-ndjson/);
      const lines = ndjson(res.text);
      assert.deepEqual(lines[0], { phase: "parsed", matches: 2, pages: 4 });
      const progress = lines.slice(1, -1);
      assert.ok(
        progress.length >= 1 && progress.every((line) => line["phase"] === "progress" && line["total"] === 4),
      );
      assert.deepEqual(
        progress.map((line) => line["done"]),
        [...progress.map((line) => line["done"] as number)].sort((a, b) => a - b),
      );
      assert.equal(progress.at(-1)?.["done"], 4);
      const done = lines.at(-1)!;
      assert.equal(done["phase"], "done");
      assert.equal((await pdfPages(Buffer.from(String(done["pdfBase64"]), "base64"))).length, 4);
    });

    it("any other Accept is 406 not_acceptable, even with a body that is not a form", async () => {
      const res = await t.client.request("POST", "/v3/scoresheets", {
        headers: { accept: "text/html" },
        body: { a: 1 },
      });
      assert.equal(res.status, 406);
      assert.match(String(res.headers["content-type"]), /^application\/problem\+json/);
      assert.equal(res.json().code, "not_acceptable");
    });
  });

  describe("POST /v3/scoresheets: the upload", () => {
    it("a JSON body or no body is 415 unsupported_media_type", async () => {
      const json = await t.client.request("POST", "/v3/scoresheets", { body: { csv: CSV } });
      assert.equal(json.status, 415);
      assert.equal(json.json().code, "unsupported_media_type");
      const none = await t.client.request("POST", "/v3/scoresheets");
      assert.equal(none.status, 415);
      assert.equal(none.json().code, "unsupported_media_type");
    });

    it("an unregistered type is 400 unknown_scoresheet_type", async () => {
      const res = await post("/v3/scoresheets", form({ type: "best-of-5" }));
      assert.equal(res.status, 400);
      assert.equal(res.json().code, "unknown_scoresheet_type");
      assert.equal(res.json().instance, "/v3/scoresheets");
    });

    it("a CSV without the matchNumber header is 400 validation_error naming it", async () => {
      const res = await post("/v3/scoresheets", form({}, "match,team1\n1,A\n"));
      assert.equal(res.status, 400);
      assert.equal(res.json().code, "validation_error");
      assert.match(res.json().detail, /matchNumber/);
    });

    it("bad rows are named by line, with the problems listed", async () => {
      const res = await post("/v3/scoresheets", form({}, "matchNumber,team1\n1,A\n,B\n"));
      assert.equal(res.status, 400);
      assert.match(res.json().detail, /line 3/);
      assert.deepEqual(res.json().problems, [{ line: 3, problem: "matchNumber is empty" }]);
    });

    it("a form without the csv part, or bad text fields, is 400 validation_error", async () => {
      const noCsv = await post("/v3/scoresheets", multipart([{ name: "type", value: "standard" }]));
      assert.equal(noCsv.status, 400);
      assert.match(noCsv.json().detail, /csv/);
      const badOut = await post("/v3/scoresheets", form({ out: "../../etc/passwd" }));
      assert.equal(badOut.status, 400);
      assert.match(badOut.json().detail, /^out /);
    });

    it("an upload over 5 MiB is 413 payload_too_large", async () => {
      // Rows of 600 bytes: the 5 MiB come before the 10,000-row limit.
      const big = Buffer.concat([
        Buffer.from("matchNumber,team1,team2\n"),
        Buffer.alloc(5 * 1024 * 1024 + 10, `1,${"a".repeat(300)},${"b".repeat(295)}\n`),
      ]);
      const res = await post("/v3/scoresheets", form({}, big));
      assert.equal(res.status, 413);
      assert.equal(res.json().code, "payload_too_large");
    });
  });

  describe("POST /v3/scoresheets: the facility of a hall's own rows", () => {
    let withPages: TestApp;
    before(async () => {
      withPages = await startTestApp({ env: { PAGES_URL: "https://ops.example/manila" } });
    });
    after(() => withPages.close());
    // jsqr is CommonJS: under NodeNext its default export is `module.exports`, which holds the reader.
    const qrOf = async (pdf: Buffer, page: number) => {
      const image = await renderPage(pdf, page);
      return jsqr.default(image.data, image.width, image.height)?.data;
    };
    const print = (fields: Record<string, string>, csv: string) => {
      const body = form(fields, csv);
      return withPages.client.request("POST", "/v3/scoresheets", {
        headers: { "content-type": body.type },
        body: body.body,
      });
    };

    it("a hall's CSV (no facility column) with the form's facility: every sheet's QR code names the hall and its match", async () => {
      const res = await print({ type: "no-referee", facility: "Rizal Hall" }, CSV);
      assert.equal(res.status, 200);
      assert.equal(
        await qrOf(res.body, 1),
        "https://ops.example/manila/score/?facility=Rizal+Hall&match=101",
      );
      assert.equal(
        await qrOf(res.body, 2),
        "https://ops.example/manila/score/?facility=Rizal+Hall&match=102",
      );
    });

    it("a row that names its facility keeps it; without the form's facility a hall's rows get no code", async () => {
      const merged = "facility,matchNumber,team1,team2\r\nAnnex Court,7,A,B\r\n,8,C,D\r\n";
      const res = await print({ facility: "Rizal Hall" }, merged);
      assert.equal(await qrOf(res.body, 1), "https://ops.example/manila/score/?facility=Annex+Court&match=7");
      assert.equal(await qrOf(res.body, 2), "https://ops.example/manila/score/?facility=Rizal+Hall&match=8");
      const bare = await print({}, CSV);
      assert.equal(await qrOf(bare.body, 1), undefined);
    });

    it("a facility over 100 characters is 400 validation_error naming it", async () => {
      const res = await print({ facility: "x".repeat(101) }, CSV);
      assert.equal(res.status, 400);
      assert.equal(res.json().code, "validation_error");
      assert.match(res.json().detail, /^facility /);
    });
  });

  describe("frozen routes /scoresheets/generate and /scoresheets/generate/stream", () => {
    it("generate is always the PDF, with Deprecation and the successor Link", async () => {
      const res = await post("/scoresheets/generate", form({ type: "no-referee-wide" }));
      assert.equal(res.status, 200);
      assert.equal(res.headers["content-type"], "application/pdf");
      assert.equal(res.headers["content-disposition"], 'attachment; filename="scoresheets.pdf"');
      assert.match(String(res.headers["deprecation"]), /^@\d+$/);
      assert.equal(res.headers["link"], "</v3/scoresheets>; rel=successor-version");
      assert.equal((await pdfPages(res.body)).length, 2);
    });

    it("generate answers the PDF whatever Accept says, and generate/stream NDJSON", async () => {
      const pdf = await post("/scoresheets/generate", form({}), "application/x-ndjson");
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers["content-type"], "application/pdf");
      const stream = await post("/scoresheets/generate/stream", form({}), "text/html");
      assert.equal(stream.status, 200);
      assert.match(String(stream.headers["content-type"]), /^application\/x-ndjson/);
    });

    it("generate/stream is always NDJSON", async () => {
      const res = await post("/scoresheets/generate/stream", form({ type: "no-referee" }));
      assert.equal(res.status, 200);
      const lines = ndjson(res.text);
      assert.equal(lines[0]?.["phase"], "parsed");
      assert.equal(lines.at(-1)?.["phase"], "done");
    });

    it("frozen errors use the plain body", async () => {
      const res = await post("/scoresheets/generate", form({ type: "nope" }));
      assert.equal(res.status, 400);
      assert.deepEqual(Object.keys(res.json()).sort(), ["code", "error"]);
      assert.equal(res.json().code, "unknown_scoresheet_type");
    });
  });
});
