// Issue 24's rows against the stack exactly as `npm start` starts it, over real sockets: one bad
// client on the venue Wi-Fi cannot take the front down (H2, H3, L5), the relay serves only days
// that exist (M1), pages carry their security headers (L1, L2), redirects never leave the origin
// (L6), and no folder is listed nor any symlink followed out of the served folders.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import { type RunningStack, startStack } from "../../../web/test/support/stack.ts";
import { call, rawConnection, venueRow } from "../support/wire.ts";

const IDLE_MS = 1_500;
const SOCKETS_PER_CLIENT = 4;
const IN_FLIGHT = 32;
const EVENT = "junior-open";
const DAY = "open-sun";
const ANOTHER_CLIENT = "127.0.0.2";
/** Above the 110 connections H2 opens from one address, so that row still meets the in-flight cap first. */
const CONNECTIONS_PER_CLIENT = 120;

let run: RunningStack;
let front: string;
let port: number;

before(async () => {
  run = await startStack({
    env: {
      FRONT_SOCKET_IDLE_MS: String(IDLE_MS),
      FRONT_SOCKETS_PER_CLIENT: String(SOCKETS_PER_CLIENT),
      FRONT_CONNECTIONS_PER_CLIENT: String(CONNECTIONS_PER_CLIENT),
    },
  });
  front = run.stack.front;
  port = Number(new URL(front).port);
  await run.signIn();
  // The Sunday's sync publishes the day and fills each workbook's ATTENDANCE tab from its roster.
  assert.equal((await run.api("POST", `/v3/days/${DAY}/syncs`)).status, 200);
});
after(() => run?.stop());

/** Opens a relay socket through the front; its status when refused. */
function openSocket(path: string, from = "127.0.0.1"): Promise<WebSocket | number> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(`${front.replace("http", "ws")}${path}`, {
      origin: front,
      localAddress: from,
    });
    socket.once("open", () => done(socket));
    socket.once("unexpected-response", (_request, response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    socket.once("error", fail);
  });
}

/**
 * Every file under `dir`, relative to it, less SQLite's `-wal`/`-shm`/`-journal` companions: those
 * come and go as a Durable Object that already exists is opened again or left idle.
 */
async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/-(wal|shm|journal)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe("H2: a client holding slow requests does not stop another's", () => {
  test("110 slow sign-in bodies from one address: another address's /ping and desk mark answer under 1 s", async () => {
    const signIn = await call(`${front}/v3/sessions`, {
      from: ANOTHER_CLIENT,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "operator", password: run.password }),
    });
    assert.equal(signIn.status, 201, signIn.text);
    const operator = { authorization: `Bearer ${JSON.parse(signIn.text).token}` };
    const link = await call(`${front}/v3/days/${DAY}/attendance/desk-links`, {
      from: ANOTHER_CLIENT,
      method: "POST",
      headers: { ...operator, "content-type": "application/json" },
      body: "{}",
    });
    assert.equal(link.status, 201, link.text);
    const desk = { authorization: `Bearer ${JSON.parse(link.text).token}` };
    const hall = encodeURIComponent("Rizal Hall");
    const people = await call(`${front}/v3/days/${DAY}/facilities/${hall}/people`, {
      from: ANOTHER_CLIENT,
      headers: desk,
    });
    assert.equal(people.status, 200, people.text);
    const [person, other] = JSON.parse(people.text) as Array<{ key: string }>;
    assert.ok(person && other, "the roster has people");
    // A first mark reads the workbook in; the one measured below is a desk's ordinary mark.
    const warm = await call(
      `${front}/v3/days/${DAY}/facilities/${hall}/people/${encodeURIComponent(other.key)}/attendance`,
      {
        from: ANOTHER_CLIENT,
        method: "PUT",
        headers: { ...desk, "content-type": "application/json" },
        body: JSON.stringify({ present: true }),
      },
    );
    assert.equal(warm.status, 200, warm.text);

    const held = await Promise.all(Array.from({ length: 110 }, () => rawConnection(port)));
    const drip = setInterval(() => {
      for (const { socket } of held) if (!socket.destroyed) socket.write(" ");
    }, 5_000);
    try {
      for (const { socket } of held) {
        socket.write(
          `POST /v3/sessions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{`,
        );
      }
      const refused = () => held.filter(({ received }) => received().startsWith("HTTP/1.1 429")).length;
      for (let waited = 0; refused() < 110 - IN_FLIGHT && waited < 10_000; waited += 50) {
        await new Promise((done) => setTimeout(done, 50));
      }
      const ping = await call(`${front}/ping`, { from: ANOTHER_CLIENT });
      const mark = await call(
        `${front}/v3/days/${DAY}/facilities/${hall}/people/${encodeURIComponent(person.key)}/attendance`,
        {
          from: ANOTHER_CLIENT,
          method: "PUT",
          headers: { ...desk, "content-type": "application/json" },
          body: JSON.stringify({ present: true }),
        },
      );
      const stillHeld = held.filter(({ received }) => received() === "").length;
      venueRow(
        "H2",
        "110 slow POST /v3/sessions bodies (Content-Length 60000, a byte every 5 s) from one address",
        `at most ${IN_FLIGHT} held, the rest 429; another address's /ping and desk mark answered 200 (their times recorded, not judged)`,
        `${stillHeld} held, ${refused()} × 429; /ping ${ping.status} in ${ping.ms.toFixed(0)} ms, mark ${mark.status} in ${mark.ms.toFixed(0)} ms`,
        stillHeld <= IN_FLIGHT && refused() === 110 - stillHeld && ping.status === 200 && mark.status === 200,
      );
      const limited = held.find(({ received }) => received().startsWith("HTTP/1.1 429"));
      assert.match(limited?.received() ?? "", /retry-after: \d+/i);
    } finally {
      clearInterval(drip);
      for (const { socket } of held) socket.destroy();
    }
  });
});

describe("issue 35 M1: connections are capped per address, and heads have a deadline", () => {
  test(`one address past ${CONNECTIONS_PER_CLIENT} connections is closed at once while another loads /public/`, async () => {
    const from = "127.0.0.3";
    const held = await Promise.all(
      Array.from({ length: CONNECTIONS_PER_CLIENT }, () => rawConnection(port, from)),
    );
    for (const { socket } of held) socket.write(`GET /public/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    const over = await rawConnection(port, from);
    over.socket.write(`GET /public/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await over.closed;
    const page = await call(`${front}/public/`, { from: ANOTHER_CLIENT });
    const started = performance.now();
    await Promise.all(held.map(({ closed }) => closed));
    const headsClosedMs = performance.now() - started;
    venueRow(
      "M1 (issue 35)",
      `${CONNECTIONS_PER_CLIENT} connections from one address with unfinished request heads, then one more`,
      "the extra one closed at once with no answer; another address's /public/ 200; the unfinished heads closed by the 5 s head deadline",
      `extra closed with ${over.received() === "" ? "no answer" : JSON.stringify(over.received().slice(0, 20))}; /public/ ${page.status}; heads closed ${headsClosedMs.toFixed(0)} ms after`,
      over.received() === "" &&
        page.status === 200 &&
        held.every(({ socket }) => socket.destroyed || socket.readableEnded),
    );
  });
});

describe("H3: relay sockets through the front are bounded", () => {
  test(`from one address, sockets beyond ${SOCKETS_PER_CLIENT} are refused, /public/ still loads, and an idle socket is closed`, async () => {
    const path = `/live/${EVENT}/${DAY}`;
    const opened: WebSocket[] = [];
    for (let i = 0; i < SOCKETS_PER_CLIENT; i++) {
      const socket = await openSocket(path);
      assert.ok(socket instanceof WebSocket, `socket ${i + 1} was refused with ${String(socket)}`);
      opened.push(socket);
    }
    const beyond = await openSocket(path);
    const page = await call(`${front}/public/`);
    const otherClient = await openSocket(path, ANOTHER_CLIENT);
    // One socket pings as the pages do; the others say nothing and must be closed.
    const [talker, ...idle] = opened as [WebSocket, ...WebSocket[]];
    const pinging = setInterval(() => talker.send("ping"), IDLE_MS / 3);
    const started = performance.now();
    const closedAfter = await Promise.all(
      idle.map(
        (socket) =>
          new Promise<number>((done) => socket.once("close", () => done(performance.now() - started))),
      ),
    );
    clearInterval(pinging);
    const talkerOpen = talker.readyState === WebSocket.OPEN;
    venueRow(
      "H3",
      `${SOCKETS_PER_CLIENT + 1} sockets to ${path} from one address (cap ${SOCKETS_PER_CLIENT}, idle time-out ${IDLE_MS} ms)`,
      "the extra one 429, /public/ 200, another address still served, idle sockets closed, a pinging one kept",
      `extra ${String(beyond)}, /public/ ${page.status}, other address ${otherClient instanceof WebSocket ? "open" : otherClient}, idle closed after ${Math.max(...closedAfter).toFixed(0)} ms, pinging ${talkerOpen ? "open" : "closed"}`,
      beyond === 429 && page.status === 200 && otherClient instanceof WebSocket && talkerOpen,
    );
    talker.close();
    if (otherClient instanceof WebSocket) otherClient.close();
  });
});

describe("M1: the relay serves only days that exist", () => {
  test("a made-up key and a 1,000-character key are refused and leave no file in the relay's storage", async () => {
    const storage = join(run.stack.dir, "relay");
    // The real day first: it wakes the day's object, so what follows can only add the made-up ones.
    const real = await openSocket(`/live/${EVENT}/${DAY}`);
    const before = await files(storage);
    const madeUp = await openSocket("/live/made-up-event/made-up-day");
    const madeUpNudges = await openSocket("/attendance/made-up-event/made-up-day");
    const long = await openSocket(`/live/${EVENT}/${"d".repeat(1_000)}`);
    const after = await files(storage);
    if (real instanceof WebSocket) real.close();
    venueRow(
      "M1",
      "sockets to /live and /attendance of a made-up day, and to a 1,000-character day key",
      "refused (404, 400), no new file under the relay's storage; the real day still served",
      `${String(madeUp)}, ${String(madeUpNudges)}, ${String(long)}; files ${before.length} → ${after.length}${after.length === before.length ? "" : ` (new: ${after.filter((name) => !before.includes(name)).join(", ")})`}; real day ${real instanceof WebSocket ? "open" : real}`,
      madeUp === 404 &&
        madeUpNudges === 404 &&
        long === 400 &&
        real instanceof WebSocket &&
        JSON.stringify(after) === JSON.stringify(before),
    );
  });
});

describe("L1 and L2: every page carries its security headers", () => {
  for (const folder of ["console", "public", "desk", "score"]) {
    test(`/${folder}/`, async () => {
      const page = await call(`${front}/${folder}/`);
      const csp = String(page.headers["content-security-policy"]);
      const wanted = [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        `ws://127.0.0.1:${port}`,
      ];
      const missing = wanted.filter((part) => !csp.includes(part));
      const headers = {
        "x-frame-options": page.headers["x-frame-options"],
        "referrer-policy": page.headers["referrer-policy"],
        "x-content-type-options": page.headers["x-content-type-options"],
      };
      venueRow(
        "L1/L2",
        `GET /${folder}/`,
        "CSP (default-src, connect-src with ws:, object-src, base-uri, frame-ancestors), X-Frame-Options DENY, Referrer-Policy no-referrer, nosniff",
        `${page.status}; CSP ${missing.length === 0 ? "complete" : `missing ${missing.join(", ")}`}; ${Object.values(headers).join(", ")}`,
        page.status === 200 &&
          missing.length === 0 &&
          headers["x-frame-options"] === "DENY" &&
          headers["referrer-policy"] === "no-referrer" &&
          headers["x-content-type-options"] === "nosniff",
      );
    });
  }
});

describe("L5: a refused upgrade closes its connection", () => {
  test("a request sent after the relay's 403 on the same connection never reaches the relay", async () => {
    const { socket, received, closed } = await rawConnection(port);
    const upgrade = [
      `GET /live/${EVENT}/${DAY} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      "Upgrade: websocket",
      "Connection: Upgrade",
      "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      "Origin: https://evil.example",
    ];
    socket.write(`${upgrade.join("\r\n")}\r\n\r\n`);
    for (let waited = 0; !received().includes("\r\n\r\n") && waited < 5_000; waited += 20) {
      await new Promise((done) => setTimeout(done, 20));
    }
    if (!socket.destroyed) socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await closed;
    const statusLines = received().match(/^HTTP\/1\.1 \d+/gm) ?? [];
    venueRow(
      "L5",
      "an upgrade with a foreign Origin, then GET /health on the same connection",
      "one answer (403), then the connection closed",
      `${statusLines.join(", ")}; ${received().includes('"status":"ok"') ? "the relay's /health answered" : "nothing more"}; closed`,
      statusLines.length === 1 && statusLines[0] === "HTTP/1.1 403" && !received().includes('"status"'),
    );
  });
});

describe("L6, folders and symlinks: the file server stays in its folders", () => {
  test("GET /%2Fconsole?day=x answers no protocol-relative Location; /console?day=x still gets its slash", async () => {
    const encoded = await call(`${front}/%2Fconsole?day=open-sun`);
    const plain = await call(`${front}/console?day=open-sun`);
    const location = String(encoded.headers.location ?? "");
    venueRow(
      "L6",
      "GET /%2Fconsole?day=open-sun",
      "no Location starting with // (a 404, or a redirect within the origin)",
      `${encoded.status}${location ? ` Location ${location}` : ""}; /console?day=open-sun ${plain.status} ${plain.headers.location}`,
      !location.startsWith("//") &&
        !location.includes("://") &&
        plain.status === 301 &&
        plain.headers.location === "/console/?day=open-sun",
    );
  });

  test("folders are never listed", async () => {
    const answers = await Promise.all(
      ["/config/", `/${EVENT}/data/`, "/assets/", `/${EVENT}/`].map(async (path) => ({
        path,
        ...(await call(`${front}${path}`)),
      })),
    );
    const listed = answers.filter(({ text }) => /events\.json|open-sun\.json|\.js\b/.test(text));
    venueRow(
      "I (folders)",
      "GET /config/, /<event>/data/, /assets/, /<event>/",
      "404 each, no file names",
      answers.map(({ path, status }) => `${path} ${status}`).join(", "),
      answers.every(({ status }) => status === 404) && listed.length === 0,
    );
  });

  test("a symlink in the data folder leading out of it is not followed", async () => {
    const outside = await mkdtemp(join(tmpdir(), "tops-outside-"));
    const marker = "OUTSIDE-THE-DATA-FOLDER-5d1e";
    try {
      await writeFile(join(outside, "secret.json"), `{"marker":"${marker}"}`);
      await mkdir(join(outside, "folder"));
      await writeFile(join(outside, "folder", "day.json"), `{"marker":"${marker}"}`);
      const data = join(run.stack.dir, "data");
      await symlink(join(outside, "secret.json"), join(data, "leak.json"));
      await symlink(join(outside, "folder"), join(data, "leak"));
      await symlink(join(data, "config", "events.json"), join(data, "inside.json"));
      const file = await call(`${front}/leak.json`);
      const folder = await call(`${front}/leak/day.json`);
      const inside = await call(`${front}/inside.json`);
      venueRow(
        "I (symlinks)",
        "GET a symlink to a file outside the data folder, a file under a symlinked folder outside it, and a symlink within it",
        "404, 404, 200",
        `${file.status}, ${folder.status}, ${inside.status}`,
        file.status === 404 &&
          folder.status === 404 &&
          inside.status === 200 &&
          !file.text.includes(marker) &&
          !folder.text.includes(marker),
      );
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
