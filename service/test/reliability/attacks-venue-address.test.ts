// Issue 35's service rows over real h2c, against the service as `npm run serve` starts it with
// TRUST_PROXY_HOPS=1 (as Cloud Run delivers requests): every phone at the venue reaches it from the
// hall's one public address, modelled with that address in X-Forwarded-For.
import assert from "node:assert/strict";
import { connect } from "node:http2";
import { after, before, describe, test } from "node:test";
import { OPERATOR } from "../support/app.ts";
import { type H2Response, h2c } from "../support/h2c.ts";
import { scoresheetForm } from "./support/attack-client.ts";
import { attackRow } from "./support/results.ts";
import { serveService } from "./support/served-service.ts";

const VENUE = "203.0.113.35";

describe("the venue's one address (issue 35, H1 and H2)", () => {
  let served: Awaited<ReturnType<typeof serveService>>;
  let client: ReturnType<typeof h2c>;
  before(async () => {
    served = await serveService();
    client = h2c(served.url);
  });
  after(() => {
    client.close();
    served.close();
  });

  const signIn = (password: string, headers: Record<string, string> = {}, from = VENUE) =>
    client.request("POST", "/v3/sessions", {
      headers: { "x-forwarded-for": from, origin: served.pagesOrigin, ...headers },
      body: { username: OPERATOR.username, password },
    });
  /** The range of times the answers took, for the report (never asserted: the 408 is the proof). */
  const seconds = (answers: Array<{ seconds: number }>) => {
    const all = answers.map((a) => a.seconds);
    return `${Math.min(...all).toFixed(1)}–${Math.max(...all).toFixed(1)} s`;
  };
  const statuses = (answers: H2Response[]) => answers.map((res) => res.status).join(" ");

  describe("H1: device proofs", () => {
    let proof: string;
    let other: string;

    before(async () => {
      const first = await signIn(OPERATOR.password);
      assert.equal(first.status, 201, first.text);
      proof = first.json().deviceProof;
      const second = await signIn(OPERATOR.password);
      other = second.json().deviceProof;
      assert.match(proof, /^[\w-]+\.\d+\.[\w-]+$/);
      assert.notEqual(proof, other, "each new browser gets its own device");
      for (let i = 0; i < 20; i++) await signIn("a-spectator-guessing");
    });

    test("a console that signed in before signs in again after 20 failures from its own address", async () => {
      const res = await signIn(OPERATOR.password, { "x-device-proof": proof });
      attackRow(
        "35 H1",
        "20 wrong sign-ins from the venue's address, then the console's right password with its device proof",
        "201 and a renewed proof of the same device",
        `${res.status}`,
        res.status === 201 && res.json().deviceProof.split(".")[0] === proof.split(".")[0],
      );
      proof = res.json().deviceProof;
    });

    test("a new browser behind the same address is still throttled, and so is a forged proof", async () => {
      const fresh = await signIn(OPERATOR.password);
      const [device, expiry] = proof.split(".");
      const forged = await signIn(OPERATOR.password, { "x-device-proof": `${device}.${expiry}.AAAA` });
      const extended = await signIn(OPERATOR.password, {
        "x-device-proof": `${device}.${Number(expiry) + 1}.${proof.split(".")[2]}`,
      });
      attackRow(
        "35 H1",
        "the right password from a new browser, a forged proof, a proof with its expiry changed",
        "429 429 429 (rate_limited, Retry-After)",
        statuses([fresh, forged, extended]),
        [fresh, forged, extended].every((res) => res.status === 429 && res.json().code === "rate_limited"),
      );
      assert.ok(Number(fresh.headers["retry-after"]) > 0);
    });

    test("a device has its own count: its own 10 failures throttle it, not another device", async () => {
      const own = [];
      for (let i = 0; i < 11; i++)
        own.push(await signIn("the-console-mistyped", { "x-device-proof": proof }));
      const afterOwn = await signIn(OPERATOR.password, { "x-device-proof": proof });
      const otherDevice = await signIn(OPERATOR.password, { "x-device-proof": other });
      attackRow(
        "35 H1",
        "11 wrong sign-ins with one device's proof, then its right password, then another device's",
        "10 × 401, 429; 429; the other device 201",
        `${statuses(own)}; ${afterOwn.status}; ${otherDevice.status}`,
        own.slice(0, 10).every((res) => res.status === 401) &&
          own[10]?.status === 429 &&
          afterOwn.status === 429 &&
          otherDevice.status === 201,
      );
    });

    test("a foreign origin gets no CORS answer on /v3/sessions; the pages' origin does", async () => {
      const preflight = (origin: string) =>
        client.request("OPTIONS", "/v3/sessions", {
          headers: {
            origin,
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type,x-device-proof",
          },
        });
      const foreign = await preflight("https://evil.example.net");
      const foreignPost = await signIn("x", { origin: "https://evil.example.net" }, "198.51.100.35");
      const pages = await preflight(served.pagesOrigin);
      const publicRead = await client.request("GET", "/ping", {
        headers: { origin: "https://evil.example.net" },
      });
      attackRow(
        "35 H1",
        "a preflight and a sign-in from https://evil.example.net; a preflight from the pages' origin",
        "no Access-Control-Allow-Origin for the foreign origin; the pages' origin named, X-Device-Proof allowed",
        `foreign: ${foreign.headers["access-control-allow-origin"] ?? "none"}, ${foreignPost.headers["access-control-allow-origin"] ?? "none"}; pages: ${pages.headers["access-control-allow-origin"]}`,
        foreign.headers["access-control-allow-origin"] === undefined &&
          foreignPost.headers["access-control-allow-origin"] === undefined &&
          pages.headers["access-control-allow-origin"] === served.pagesOrigin &&
          /x-device-proof/i.test(String(pages.headers["access-control-allow-headers"])),
      );
      assert.equal(
        publicRead.headers["access-control-allow-origin"],
        "*",
        "public reads stay open to any page",
      );
    });
  });

  describe("H2: body deadlines", () => {
    /** A request whose body arrives one byte every `everyMs`, on its own connection; resolves when the stream ends. */
    const trickle = (path: string, type: string, body: Buffer, from: string, everyMs = 250) =>
      new Promise<{ status?: number; text: string; unsent: number; seconds: number }>((resolve) => {
        const started = performance.now();
        const session = connect(served.url);
        session.on("error", () => {});
        const stream = session.request({
          ":method": "POST",
          ":path": path,
          "content-type": type,
          "content-length": String(body.length),
          "x-forwarded-for": from,
        });
        let status: number | undefined;
        let text = "";
        let sent = 0;
        stream.on("response", (headers) => (status = Number(headers[":status"])));
        stream.on("data", (chunk) => (text += chunk));
        stream.on("error", () => {});
        const timer = setInterval(() => {
          if (sent < body.length && !stream.closed) stream.write(body.subarray(sent, ++sent));
        }, everyMs);
        stream.on("close", () => {
          clearInterval(timer);
          session.destroy();
          resolve({
            status,
            text,
            unsent: body.length - sent,
            seconds: (performance.now() - started) / 1000,
          });
        });
      });

    test("20 trickled sign-ins are answered 408 and closed while another client's /ping answers", async () => {
      const body = Buffer.from(JSON.stringify({ username: "operator", password: "x".repeat(200) }));
      const trickled = Array.from({ length: 20 }, (_, i) =>
        trickle("/v3/sessions", "application/json", body, `198.51.100.${100 + i}`),
      );
      const pings: number[] = [];
      let done = false;
      void Promise.all(trickled).then(() => (done = true));
      while (!done) {
        pings.push((await client.request("GET", "/ping")).status);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const answers = await Promise.all(trickled);
      attackRow(
        "35 H2",
        "20 sign-ins whose body arrives one byte every 250 ms, each on its own connection",
        "each 408 request_timeout, its stream closed before the body was sent; /ping 200 meanwhile",
        `${answers.map((a) => a.status).join(" ")}, closed after ${seconds(answers)}; /ping ${[...new Set(pings)].join(",")} × ${pings.length}`,
        answers.every(
          (a) => a.status === 408 && JSON.parse(a.text).code === "request_timeout" && a.unsent > 0,
        ) &&
          pings.length > 0 &&
          pings.every((status) => status === 200),
      );
    });

    test("a trickled upload misses its minimum rate: 408 and closed", async () => {
      const form = scoresheetForm("matchNumber\n1\n", { type: "matches" });
      const answer = await trickle("/v3/scoresheets", form.type, form.body, "198.51.100.99", 100);
      attackRow(
        "35 H2",
        `a ${form.body.length}-byte scoresheet upload at 10 bytes a second`,
        "408 request_timeout, closed before the body was sent",
        `${answer.status} after ${seconds([answer])}, ${answer.unsent} bytes unsent`,
        answer.status === 408 && JSON.parse(answer.text).code === "request_timeout" && answer.unsent > 0,
      );
    });
  });
});
