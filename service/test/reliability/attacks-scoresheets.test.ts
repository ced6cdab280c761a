// Issue 16's attacks on the scoresheet route (no credentials needed), over real h2c connections:
// row bombs, all-bad CSVs, a full render queue, cancelled jobs, broken multipart, mixed line ends.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pino from "pino";
import { startTestApp, type TestApp } from "../support/app.ts";
import {
  eventually,
  largeMatchesCsv,
  rowBomb,
  scoresheetForm,
  sendAlone,
  stalledUpload,
} from "./support/attack-client.ts";
import { attackRow } from "./support/results.ts";

describe("attacks on the scoresheet routes", () => {
  const logs: { level: number; msg: string; code?: string }[] = [];
  let t: TestApp;
  before(async () => {
    const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    // One render at a time, so the queue holds 3 jobs (1 running, 2 waiting).
    t = await startTestApp({ env: { SCORESHEET_CONCURRENCY: "1" }, logger: logger as never });
  });
  after(() => t.close());

  const upload = (
    form: { body: Buffer; type: string },
    accept = "application/pdf",
    path = "/v3/scoresheets",
  ) => sendAlone(t.url, path, { "content-type": form.type, accept }, form.body);

  async function pingAnswers(): Promise<boolean> {
    return (await t.client.request("GET", "/ping")).status === 200;
  }

  describe("scoresheet uploads are bounded (issue 16, rows 1, 2, 6, 7)", () => {
    test("row 1: a 5 MiB row bomb is 400 validation_error at the row after the limit", async () => {
      const answers = await Promise.all(Array.from({ length: 3 }, () => upload(scoresheetForm(rowBomb()))));
      for (const res of answers) {
        const body = JSON.parse(res.text);
        attackRow(
          1,
          "5 MiB: matchNumber then 1 on 2.6 million lines (3 at once)",
          "400 validation_error",
          `${res.status} ${body.code}`,
          res.status === 400 && body.code === "validation_error",
        );
        assert.match(body.detail, /more than 10000 rows/);
      }
      assert.ok(await pingAnswers());
      assert.deepEqual(
        t.services.scoresheets.jobs.size,
        { held: 0, working: 0 },
        "every place was given back",
      );
    });

    test("row 2: a CSV whose rows all fail lists the first 20 problems and counts them all", async () => {
      const csv = `matchNumber,team1\n${",orphan\n".repeat(9_999)}`;
      const res = await upload(scoresheetForm(csv));
      const body = JSON.parse(res.text);
      const pass = res.status === 400 && body.problems.length === 20 && body.problemCount === 9_999;
      attackRow(
        2,
        "9,999 rows without a matchNumber",
        "400 validation_error, 20 problems listed, count 9999",
        `${res.status} ${body.code}, ${body.problems.length} listed, count ${body.problemCount}, ${res.text.length} bytes`,
        pass,
      );
      assert.ok(res.text.length < 4096, "the answer stays short");
    });

    test("row 6: no boundary, a wrong boundary or no closing boundary is 400 bad_request, logged as a request, not an error", async () => {
      const good = scoresheetForm("matchNumber\n1\n");
      const cases = [
        { name: "no boundary", type: "multipart/form-data", body: good.body },
        { name: "a wrong boundary", type: "multipart/form-data; boundary=not-the-one", body: good.body },
        {
          name: "no closing boundary",
          type: good.type,
          body: scoresheetForm("matchNumber\n1\n", {}, { closing: false }).body,
        },
      ];
      for (const { name, type, body } of cases) {
        const res = await upload({ body, type });
        const code = JSON.parse(res.text).code;
        attackRow(
          6,
          `multipart with ${name}`,
          "400 bad_request",
          `${res.status} ${code}`,
          res.status === 400 && code === "bad_request",
        );
      }
      assert.deepEqual(
        logs.filter((line) => line.level >= 50),
        [],
        "nothing logged at error level",
      );
    });

    test("row 6: an upload the client aborts is logged as a warning, not an error", async () => {
      const form = scoresheetForm(largeMatchesCsv());
      const stalled = stalledUpload(t.url, "/v3/scoresheets", form.type, form.body.subarray(0, 64 * 1024));
      await eventually(() => t.services.scoresheets.jobs.size.held === 1);
      stalled.stream.close(8);
      await eventually(() => logs.some((line) => line.msg === "request aborted by the client"));
      stalled.session.close();
      const errors = logs.filter((line) => line.level >= 50);
      attackRow(
        6,
        "an upload reset by its client",
        "a warning, no error",
        `${errors.length} error lines`,
        errors.length === 0,
      );
    });

    test("row 7: a CSV mixing CRLF, LF and CR line ends reads every row", async () => {
      const res = await upload(
        scoresheetForm("matchNumber,team1\r\n1,a\n2,b\r3,c\r\n4,d\n"),
        "application/x-ndjson",
      );
      const parsed = JSON.parse(res.text.split("\n")[0] ?? "{}");
      attackRow(
        7,
        "1,a\\n2,b\\r3,c\\r\\n4,d mixed",
        "4 matches",
        `${res.status}, ${parsed.matches} matches`,
        parsed.matches === 4,
      );
    });
  });

  describe("the render queue is bounded and cancelled work stops (issue 16, rows 4 and 5)", () => {
    test("row 5: with every place taken, a job is 503 service_busy with Retry-After before its upload is read", async () => {
      const form = scoresheetForm(largeMatchesCsv(50));
      const held = Array.from({ length: 3 }, () =>
        stalledUpload(t.url, "/v3/scoresheets", form.type, form.body.subarray(0, 100)),
      );
      await eventually(() => t.services.scoresheets.jobs.size.held === 3);
      const res = await upload(scoresheetForm(rowBomb()));
      const code = JSON.parse(res.text).code;
      attackRow(
        5,
        "a job while 3 uploads (1 + 2 waiting) hold the queue",
        "503 service_busy, Retry-After",
        `${res.status} ${code}, Retry-After ${res.headers["retry-after"]}`,
        res.status === 503 && code === "service_busy" && res.headers["retry-after"] === "5",
      );
      for (const { stream, session } of held) {
        stream.close(8);
        session.close();
      }
      await eventually(() => t.services.scoresheets.jobs.size.held === 0);
      assert.ok(await pingAnswers());
    });

    test("row 5: a cancelled 10,000-match NDJSON job drops its queued chunks and its worker stops", async () => {
      const stats = () => t.services.scoresheets.stats();
      const before = stats();
      const form = scoresheetForm(largeMatchesCsv());
      const job = stalledUpload(t.url, "/v3/scoresheets", form.type, form.body, {
        accept: "application/x-ndjson",
      });
      job.stream.end();
      let text = "";
      job.stream.setEncoding("utf8");
      job.stream.on("data", (chunk: string) => {
        text += chunk;
      });
      await eventually(() => text.includes('"phase":"progress"'));
      job.stream.close(8);
      await job.closed;
      job.session.close();
      await eventually(() => stats().running === 0 && t.services.scoresheets.jobs.size.held === 0);
      const after = stats();
      const started = after.started - before.started;
      const dropped = after.dropped - before.dropped;
      const stopped = after.stopped - before.stopped;
      const chunks = 10_000 / 200;
      attackRow(
        5,
        "a 10,000-match NDJSON job cancelled after its first progress line",
        "queued chunks dropped, workers idle",
        `${started} of ${chunks} chunks started, ${dropped} dropped, ${stopped} stopped mid-chunk`,
        started < chunks && dropped > 0 && started + dropped === chunks,
      );
      assert.ok(await pingAnswers());
    });
  });
});
