// The README's promise, tested: `npm start` (scripts/start.mjs) in a fresh working directory, then
// every step of the README's walkthrough, in order, over the same interfaces a user's curl uses.
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { h2c } from "../support/h2c.ts";
import { readWorkbookCell } from "../support/workbooks.ts";
import { REPO, type WatchedProcess, watchProcess } from "./processes.ts";

interface Stack {
  service: string;
  relay: string;
  front: string;
}

function multipart(
  fields: Record<string, string>,
  file: { name: string; filename: string; content: string },
) {
  const boundary = `walkthrough${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n`,
  );
  return {
    body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe("the README walkthrough on the local stack started as `npm start` starts it", () => {
  let cwd: string;
  let stackProcess: WatchedProcess;
  let stack: Stack;
  let password: string;
  let client: ReturnType<typeof h2c>;
  let token: string;
  const workbooks = () => join(cwd, "local", "workbooks");

  before(async () => {
    cwd = await mkdtemp(join(tmpdir(), "tops-walkthrough-"));
    // The stack's own temporary folder, so the test can see that it leaves nothing behind.
    await mkdir(join(cwd, "tmp"));
    stackProcess = watchProcess(
      [join(REPO, "scripts/start.mjs"), "--port", "0", "--relay-port", "0", "--front-port", "0"],
      cwd,
      { TMPDIR: join(cwd, "tmp") },
    );
    password = (await stackProcess.waitFor(/sign in as: operator \/ (\S+)/))[1] as string;
    await stackProcess.waitFor(/Walkthrough: README\.md/);
    stack = JSON.parse(await readFile(join(cwd, "local", "stack.json"), "utf8"));
    client = h2c(stack.service);
  });

  after(async () => {
    client?.close();
    await stackProcess?.stop();
    await rm(cwd, { recursive: true, force: true });
  });

  test("first run: the demo registry, workbooks and secrets exist, and the password is stored only as a hash", async () => {
    assert.ok(existsSync(join(cwd, "local/data/config/events.json")));
    assert.ok(existsSync(join(workbooks(), "open-sun-rizal-hall.xlsx")));
    const secrets = await readFile(join(cwd, "local/.env"), "utf8");
    assert.match(secrets, /^AUTH_PASSWORD_HASH=\$scrypt\$/m);
    assert.ok(!secrets.includes(password));
    const ping = await client.request("GET", "/ping");
    assert.equal(ping.status, 200);
  });

  test("1. sign in: POST /v3/sessions answers 201 with a token", async () => {
    const response = await client.request("POST", "/v3/sessions", {
      body: { username: "operator", password },
    });
    assert.equal(response.status, 201);
    token = (response.json() as { token: string }).token;
    assert.ok(token.length > 20);
  });

  test("2–4. sync a day, watch the snapshot arrive on a socket, flip visibility and see it again", async () => {
    const watch = watchProcess(
      [join(REPO, "scripts/watch-live.mjs"), "junior-open", "open-sun", "--count", "2"],
      cwd,
    );
    await watch.waitFor(/^watching live\/junior-open\/open-sun/);
    const sync = await client.request("POST", "/v3/days/open-sun/syncs", {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(sync.status, 200);
    const report = sync.json() as {
      facilities: Array<{ status: string; matches: number }>;
      live: { pushed: boolean };
    };
    assert.deepEqual(
      report.facilities.map((f) => [f.status, f.matches]),
      [
        ["ok", 12],
        ["ok", 12],
      ],
    );
    assert.equal(report.live.pushed, true);
    await watch.waitFor(/^snapshot junior-open\/open-sun .*isLive=false matchesCsv=24 rows/);

    const flip = await client.request("PUT", "/v3/days/open-sun/visibility", {
      headers: { authorization: `Bearer ${token}` },
      body: { isLive: true },
    });
    assert.equal(flip.status, 200);
    assert.equal((flip.json() as { republished: boolean }).republished, true);
    await watch.waitFor(/^snapshot junior-open\/open-sun .*isLive=true/);
    assert.equal(await watch.exited, 0);

    const archived = await fetch(`${stack.front}/junior-open/data/open-sun.json`);
    assert.equal(archived.status, 200);
    assert.equal(((await archived.json()) as { isLive: unknown }).isLive, true);
  });

  test("5. issue a desk link, list the people, mark someone present, and the workbook changes", async () => {
    const issued = await client.request("POST", "/v3/days/open-sun/attendance/desk-links", {
      headers: { authorization: `Bearer ${token}` },
      body: { issuedTo: "Front desk", note: "Rizal Hall" },
    });
    assert.equal(issued.status, 201);
    const desk = (issued.json() as { token: string }).token;
    const people = await client.request("GET", "/v3/days/open-sun/facilities/Rizal%20Hall/people", {
      headers: { authorization: `Bearer ${desk}` },
    });
    assert.equal(people.status, 200);
    const list = people.json() as Array<{ key: string; player: string }>;
    const row = list.findIndex((person) => person.key === "monica yanez") + 2;
    assert.ok(row >= 2, "Mónica Yáñez is on the Rizal Hall roster");
    const marked = await client.request(
      "PUT",
      "/v3/days/open-sun/facilities/Rizal%20Hall/people/monica%20yanez/attendance",
      {
        headers: { authorization: `Bearer ${desk}` },
        body: { present: true },
      },
    );
    assert.equal(marked.status, 200);
    assert.equal((marked.json() as { present: boolean }).present, true);
    assert.equal(
      (await readWorkbookCell(workbooks(), "open-sun-rizal-hall", "ATTENDANCE", `B${row}`)).value,
      "Mónica Yáñez",
    );
    assert.equal(
      (await readWorkbookCell(workbooks(), "open-sun-rizal-hall", "ATTENDANCE", `E${row}`)).value,
      true,
    );
    assert.match(
      String((await readWorkbookCell(workbooks(), "open-sun-rizal-hall", "ATTENDANCE", `H${row}`)).value),
      /^In · Front desk \(Rizal Hall\) · \d\d:\d\d$/,
    );
  });

  test("6. issue a scorer link and enter a score: the snapshot and the standings show it", async () => {
    const issued = await client.request("POST", "/v3/days/open-sun/scores/scorer-links", {
      headers: { authorization: `Bearer ${token}` },
      body: { issuedTo: "Court 1 umpire" },
    });
    assert.equal(issued.status, 201);
    const scorer = (issued.json() as { token: string }).token;
    const entered = await client.request(
      "PUT",
      "/v3/days/open-sun/facilities/Rizal%20Hall/matches/301/score",
      {
        headers: { authorization: `Bearer ${scorer}` },
        body: { expected: { team1Score: null, team2Score: null }, team1Score: 21, team2Score: 17 },
      },
    );
    assert.equal(entered.status, 200);
    assert.equal((await readWorkbookCell(workbooks(), "open-sun-rizal-hall", "SCHEDULE", "K2")).value, 21);
    const snapshot = (await (await fetch(`${stack.front}/junior-open/data/open-sun.json`)).json()) as {
      matchesCsv: string;
      facilities: Array<{ standingsCsv: string }>;
    };
    assert.match(snapshot.matchesCsv, /^Rizal Hall,301,.*,21,17,/m);
    assert.match(snapshot.facilities[0]!.standingsCsv, /^XDOPEN_1,.*,1,1,0,21,17$/m);
  });

  test("7. generate scoresheets from the snapshot's matchesCsv", async () => {
    const snapshot = (await (await fetch(`${stack.front}/junior-open/data/open-sun.json`)).json()) as {
      matchesCsv: string;
    };
    const form = multipart(
      { type: "standard", evt: "Manila Junior Open · Sunday" },
      { name: "csv", filename: "matches.csv", content: snapshot.matchesCsv },
    );
    const response = await client.request("POST", "/v3/scoresheets", {
      headers: { "content-type": form.type },
      body: form.body,
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers["content-type"], "application/pdf");
    assert.equal(response.body.subarray(0, 5).toString(), "%PDF-");
  });

  test("Ctrl+C (SIGTERM) stops the whole stack, removes its stack.json and its lock, and leaves no temporary folder", async () => {
    client.close();
    assert.equal(await stackProcess.stop(), 0);
    assert.ok(!existsSync(join(cwd, "local", "stack.json")));
    assert.ok(!existsSync(join(cwd, "local", "stack.lock")));
    // tsx keeps its compile cache there on purpose; the relay's folders (/tmp/miniflare-*) must be gone.
    const relayFolders = readdirSync(join(cwd, "tmp")).filter((name) => /^(relay|miniflare)-/.test(name));
    assert.deepEqual(relayFolders, []);
  });
});
