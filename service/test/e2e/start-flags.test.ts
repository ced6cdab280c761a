// `npm start` (scripts/start.mjs) as a newcomer meets it: flags mistyped or given to npm instead
// of the script, and a second stack started on a folder that one is already using.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CHOSEN_PORTS, freePort } from "../../../scripts/start/free-port.mjs";
import { REPO } from "./processes.ts";

const START = join(REPO, "scripts/start.mjs");

function start(args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [START, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm start's flags", () => {
  let cwd: string;
  before(async () => {
    cwd = await mkdtemp(join(tmpdir(), "tops-start-"));
  });
  after(() => rm(cwd, { recursive: true, force: true }));

  test("--help prints the usage and exits 0, starting nothing", () => {
    const run = start(["--help"], cwd);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^Usage: npm start \[-- options\]/);
    assert.match(run.stdout, /--front-port <port>/);
    assert.ok(!existsSync(join(cwd, "local")));
  });

  test("an unknown flag is named, with the usage, and never a parser's stack trace", () => {
    const run = start(["--prot", "8081"], cwd);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^npm start: Unknown option '--prot'/);
    assert.match(run.stderr, /Usage: npm start/);
    assert.doesNotMatch(run.stderr, /ERR_PARSE_ARGS|\n\s+at /);
  });

  test("`npm start --port 8081` (npm keeps the flag, the script gets 8081) says to put -- first", () => {
    const run = start(["8081"], cwd, { npm_config_port: "true" });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /npm kept --port for itself: write npm start -- --port 8081/);
    assert.doesNotMatch(run.stderr, /ERR_PARSE_ARGS/);
  });

  test("a port of 0 is taken below the kernel's ephemeral ports, never twice in one process, so no listen on 0 gets it before the part listens", async () => {
    const { from, to } = CHOSEN_PORTS;
    const [low, high] = (
      await readFile("/proc/sys/net/ipv4/ip_local_port_range", "utf8").catch(() => "49152 65535")
    )
      .trim()
      .split(/\s+/)
      .map(Number);
    assert.ok(from <= to && to < (low as number), `${from}–${to} is below ${low}–${high}`);
    const given = new Set<number>();
    for (let attempt = 0; attempt < 20; attempt++) {
      const port = await freePort(0);
      assert.ok(port >= from && port <= to, String(port));
      assert.ok(!given.has(port), `${port} handed out twice`);
      given.add(port);
      const server = createServer();
      await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
      await assert.rejects(freePort(port), { code: "EADDRINUSE" });
      await new Promise((done) => server.close(done));
    }
  });

  test("a port that is not a number 0 to 65535 is refused by name", () => {
    for (const value of ["abc", "70000", "1.5"]) {
      const run = start(["--relay-port", value], cwd);
      assert.equal(run.code, 2, value);
      assert.match(run.stderr, /--relay-port must be a port number, 0 to 65535/);
    }
  });
});

describe("one stack per folder", () => {
  let cwd: string;
  before(async () => {
    cwd = await mkdtemp(join(tmpdir(), "tops-lock-"));
    await mkdir(join(cwd, "local"));
  });
  after(() => rm(cwd, { recursive: true, force: true }));

  test("a second stack on a folder in use stops at once, naming the first, and leaves its stack.json alone", async () => {
    const first = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      const stackJson = `${JSON.stringify({ front: "http://127.0.0.1:8000", pid: first.pid })}\n`;
      await writeFile(join(cwd, "local/stack.lock"), `${first.pid}\n`);
      await writeFile(join(cwd, "local/stack.json"), stackJson);
      const run = start(["--front-port", "0", "--port", "0", "--relay-port", "0"], cwd);
      assert.equal(run.code, 1);
      assert.match(
        run.stderr,
        new RegExp(
          `local is in use by the stack of process ${first.pid} \\(pages at http://127.0.0.1:8000\\)`,
        ),
      );
      assert.match(run.stderr, /npm start -- --dir \.\/other/);
      assert.equal(await readFile(join(cwd, "local/stack.json"), "utf8"), stackJson);
      assert.equal(await readFile(join(cwd, "local/stack.lock"), "utf8"), `${first.pid}\n`);
    } finally {
      first.kill();
    }
  });

  test("a lock left by a process that is gone is taken over, and released when the stack stops", async () => {
    const gone = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    await writeFile(join(cwd, "local/stack.lock"), gone.stdout);
    await rm(join(cwd, "local/stack.json"), { force: true });
    // A front port that is taken makes the stack stop right after it took the lock.
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, "127.0.0.1", done));
    try {
      const port = (taken.address() as { port: number }).port;
      const run = start(["--front-port", String(port), "--port", "0", "--relay-port", "0"], cwd);
      assert.equal(run.code, 1);
      assert.match(run.stderr, new RegExp(`port ${port} is in use; choose another with --front-port`));
      assert.doesNotMatch(run.stderr, /in use by the stack of process/);
      assert.ok(!existsSync(join(cwd, "local/stack.lock")), "the lock is released on exit");
    } finally {
      taken.close();
    }
  });
});
