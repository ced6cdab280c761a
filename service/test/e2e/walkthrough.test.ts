// The README's promise, tested: `npm start` (scripts/start.mjs) in a fresh working directory, then
// every step of the README's walkthrough, in order, through the front as the README's curl goes
// (the sign-in step is the README's own shell text). The pages themselves are tested in Chromium by
// web/test/browser/public-page.test.ts.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { h2c } from "../support/h2c.ts";
import { readWorkbookCell } from "../support/workbooks.ts";
import { REPO, type WatchedProcess, watchProcess } from "./processes.ts";

interface Stack {
  front: string;
  service: string;
  relay: string;
}

/** A shell block of the README's walkthrough: the first that contains `marker`. */
function readmeBlock(marker: string): string {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((m) => m[1] as string)
    .find((b) => b.includes(marker));
  if (block === undefined) throw new Error(`the README has no sh block with ${marker}`);
  return block;
}

/** Runs README text in bash in `cwd` with the walkthrough's variables, as a reader pasting it would. */
function bash(script: string, cwd: string, env: Record<string, string>) {
  const run = spawnSync("bash", ["-c", script], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the README walkthrough on the local stack started as `npm start` starts it", () => {
  let cwd: string;
  let stackProcess: WatchedProcess;
  let stack: Stack;
  let password: string;
  let token: string;
  /** The front desk's link from the desk-link step, revoked in the next. */
  let desk: string;
  const workbooks = () => join(cwd, "local", "workbooks");
  const api = async (method: string, path: string, bearer?: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (bearer !== undefined) headers["authorization"] = `Bearer ${bearer}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${stack.front}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

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
  });

  after(async () => {
    await stackProcess?.stop();
    await rm(cwd, { recursive: true, force: true });
  });

  test("first run: the demo, the secrets (the password only as a hash), the pages, and the service over h2c", async () => {
    assert.ok(existsSync(join(cwd, "local/data/config/events.json")));
    assert.ok(existsSync(join(workbooks(), "open-sun-rizal-hall.xlsx")));
    const secrets = await readFile(join(cwd, "local/.env"), "utf8");
    assert.match(secrets, /^AUTH_PASSWORD_HASH=\$scrypt\$/m);
    assert.ok(!secrets.includes(password));
    const page = await fetch(`${stack.front}/public/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>Live results<\/title>/);
    const client = h2c(stack.service);
    try {
      assert.equal((await client.request("GET", "/ping")).status, 200);
    } finally {
      client.close();
    }
  });

  test("2. sign in with the README's own commands; a wrong password fails the step and says why", () => {
    // The reader's own address and password lines give way to this stack's.
    const setup = readmeBlock("token() {")
      .split("\n")
      .filter((line) => !/^(S|PASSWORD)=/.test(line))
      .join("\n");
    const signIn = readmeBlock("/v3/sessions");
    const wrong = bash(`${setup}\n${signIn}`, cwd, { S: stack.front, PASSWORD: "not-the-password" });
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /refused: wrong username or password/);
    assert.doesNotMatch(wrong.stdout, /signed in/);
    const right = bash(`${setup}\n${signIn}\necho "TOKEN=$TOKEN"`, cwd, {
      S: stack.front,
      PASSWORD: password,
    });
    assert.equal(right.code, 0, right.stderr);
    assert.match(right.stdout, /signed in/);
    token = /TOKEN=(\S+)/.exec(right.stdout)?.[1] as string;
    assert.ok(token.length > 20);
  });

  test("go live and sync the Saturday: the watcher's socket gets the snapshot, the static site the file", async () => {
    const watch = watchProcess(
      [join(REPO, "scripts/watch-live.mjs"), "junior-open", "open-sat", "--count", "1"],
      cwd,
    );
    await watch.waitFor(/^watching live\/junior-open\/open-sat/);
    const live = await api("PUT", "/v3/days/open-sat/visibility", token, { isLive: true });
    assert.equal(live.status, 200);
    assert.equal(live.body.republished, false, "never published before this sync");
    const sync = await api("POST", "/v3/days/open-sat/syncs", token);
    assert.equal(sync.status, 200);
    assert.deepEqual(
      sync.body.facilities.map((f: { status: string; matches: number }) => [f.status, f.matches]),
      [
        ["ok", 12],
        ["ok", 12],
        ["skipped", 0],
      ],
    );
    assert.equal(sync.body.live.pushed, true);
    await watch.waitFor(/^snapshot junior-open\/open-sat .*isLive=true matchesCsv=24 rows/);
    assert.equal(await watch.exited, 0);
    const published = await fetch(`${stack.front}/junior-open/data/open-sat.json`);
    assert.equal(((await published.json()) as { isLive: unknown }).isLive, true);
  });

  test("enter a score with a scorer link: the workbook, the standings and the snapshot show it", async () => {
    const issued = await api("POST", "/v3/days/open-sat/scores/scorer-links", token, {
      issuedTo: "Court 1 umpire",
    });
    assert.equal(issued.status, 201);
    const entered = await api(
      "PUT",
      "/v3/days/open-sat/facilities/Rizal%20Hall/matches/105/score",
      issued.body.token,
      { expected: { team1Score: null, team2Score: null }, team1Score: 21, team2Score: 17 },
    );
    assert.equal(entered.status, 200);
    assert.equal((await readWorkbookCell(workbooks(), "open-sat-rizal-hall", "SCHEDULE", "K6")).value, 21);
    // Pushed live at once; the published file follows at its commit's turn (ARCHIVE_MIN_INTERVAL_MS).
    assert.equal(entered.body.published.live.pushed, true);
    type Published = { matchesCsv: string; facilities: Array<{ standingsCsv: string }> };
    const published = async () =>
      (await (await fetch(`${stack.front}/junior-open/data/open-sat.json`)).json()) as Published;
    let snapshot = await published();
    for (let tries = 0; !/^Rizal Hall,105,.*,21,17,/m.test(snapshot.matchesCsv) && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      snapshot = await published();
    }
    assert.match(snapshot.matchesCsv, /^Rizal Hall,105,.*,21,17,/m);
    assert.match(snapshot.facilities[0]!.standingsCsv, /^MSU15_1,José Ñañez,MS U15,2,2,0,43,37$/m);
  });

  test("issue a desk link, list the people, mark someone present, and the workbook changes", async () => {
    assert.equal((await api("POST", "/v3/days/open-sun/syncs", token)).status, 200);
    const issued = await api("POST", "/v3/days/open-sun/attendance/desk-links", token, {
      issuedTo: "Front desk",
      note: "Rizal Hall",
    });
    assert.equal(issued.status, 201);
    desk = issued.body.token as string;
    const people = await api("GET", "/v3/days/open-sun/facilities/Rizal%20Hall/people", desk);
    assert.equal(people.status, 200);
    const row =
      (people.body as Array<{ key: string }>).findIndex((person) => person.key === "monica yanez") + 2;
    assert.ok(row >= 2, "Mónica Yáñez is on the Rizal Hall roster");
    const marked = await api(
      "PUT",
      "/v3/days/open-sun/facilities/Rizal%20Hall/people/monica%20yanez/attendance",
      desk,
      { present: true },
    );
    assert.equal(marked.status, 200);
    assert.equal(marked.body.present, true);
    const cell = (address: string) =>
      readWorkbookCell(workbooks(), "open-sun-rizal-hall", "ATTENDANCE", address);
    assert.equal((await cell(`B${row}`)).value, "Mónica Yáñez");
    assert.equal((await cell(`E${row}`)).value, true);
    assert.match(String((await cell(`H${row}`)).value), /^In · Front desk \(Rizal Hall\) · \d\d:\d\d$/);
  });

  test("list the day's links and revoke the front desk's with the README's commands: its next call is 401, revoked", () => {
    const run = bash(readmeBlock("/revocation"), cwd, { S: stack.front, TOKEN: token, DESK: desk });
    assert.equal(run.code, 0, run.stderr);
    const [listed, revocation, refused] = run.stdout.trim().split("\n");
    assert.match(listed as string, /^\{"day":"open-sun","links":\[\{"linkId":"[\w-]{43}","kind":"desk"/);
    assert.ok(!run.stdout.includes(desk), "the token is never shown");
    const revoked = JSON.parse(revocation as string);
    assert.deepEqual([revoked.link.issuedTo, revoked.changed], ["Front desk", true]);
    assert.equal(typeof revoked.link.revokedAt, "number");
    const problem = JSON.parse(refused as string);
    assert.deepEqual([problem.status, problem.code, problem.revoked], [401, "unauthorized", true]);
  });

  test("generate scoresheets from the snapshot's matchesCsv, into local/, with the README's commands", () => {
    const run = bash(readmeBlock("/v3/scoresheets"), cwd, { S: stack.front });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), "200 application/pdf");
    assert.equal(
      readFileSync(join(cwd, "local/open-sat-scoresheets.pdf")).subarray(0, 5).toString(),
      "%PDF-",
    );
    assert.match(readFileSync(join(cwd, "local/open-sat-matches.csv"), "utf8"), /^facility,matchNumber,/);
    assert.deepEqual(
      readdirSync(cwd).filter((name) => /\.(csv|pdf)$/.test(name)),
      [],
      "nothing is written outside local/",
    );
  });

  test("7. sign out with the README's commands: the session ends and the token is then 401", () => {
    const run = bash(readmeBlock("/sessions/current/revocation"), cwd, { S: stack.front, TOKEN: token });
    assert.equal(run.code, 0, run.stderr);
    const [signedOut, reused] = run.stdout.trim().split("\n");
    assert.deepEqual(Object.keys(JSON.parse(signedOut as string)), ["revokedAt", "expiresAt"]);
    assert.equal(reused, "401");
  });

  test("Ctrl+C (SIGTERM) stops the whole stack, removes its stack.json and its lock, and leaves no temporary folder", async () => {
    assert.equal(await stackProcess.stop(), 0);
    assert.ok(!existsSync(join(cwd, "local", "stack.json")));
    assert.ok(!existsSync(join(cwd, "local", "stack.lock")));
    // tsx keeps its compile cache there on purpose; the relay's folders (/tmp/miniflare-*) must be gone.
    const relayFolders = readdirSync(join(cwd, "tmp")).filter((name) => /^(relay|miniflare)-/.test(name));
    assert.deepEqual(relayFolders, []);
  });
});
