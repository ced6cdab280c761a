import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { freePort } from "../../../scripts/start/free-port.mjs";
import { verifyPassword } from "../../src/auth/password.ts";
import { isPasswordHash } from "../../src/shared/password-hash.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";

const service = new URL("../../", import.meta.url).pathname;
const tsx = ["--import", "tsx"];

function dataFolder() {
  const dir = mkdtempSync(join(tmpdir(), "tops-proc-"));
  const config = join(dir, "config");
  spawnSync("mkdir", ["-p", config]);
  writeFileSync(join(config, "events.json"), JSON.stringify(sampleRegistry()));
  return dir;
}

describe("startup validation of the real process", () => {
  test("every set-but-unusable value is named in one message and the process exits non-zero before listening", () => {
    const result = spawnSync(process.execPath, [...tsx, "src/main.ts"], {
      cwd: service,
      env: { ...process.env, PORT: "99999", LIVE_PUSH_URL: "not a url", SYNC_CONFIG_TTL_MS: "-5" },
      encoding: "utf8",
      timeout: 30_000,
    });
    assert.notEqual(result.status, 0);
    const lines = result.stdout.trim().split("\n");
    assert.equal(lines.length, 1, result.stdout + result.stderr);
    const line = JSON.parse(lines[0] as string);
    assert.equal(
      line.severity,
      "CRITICAL",
      "Cloud Logging shows it under Critical, and severity>=WARNING keeps it",
    );
    assert.match(line.message, /^Environment: 3 unusable values, so the service does not start: /);
    for (const name of ["PORT", "LIVE_PUSH_URL", "SYNC_CONFIG_TTL_MS"])
      assert.ok(line.message.includes(name), name);
  });

  test("one warning line names what is unset, and SIGTERM drains in-flight requests and exits", async () => {
    const port = await freePort(0);
    const child = spawn(process.execPath, [...tsx, "src/main.ts"], {
      cwd: service,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataFolder(),
        LOG_LEVEL: "warn",
        AUTH_TOKEN_SECRET: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdout.on("data", (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const session = await (async () => {
        for (let attempt = 0; attempt < 200; attempt++) {
          const s = connect(`http://127.0.0.1:${port}`);
          const ok = await new Promise<boolean>((resolve) => {
            s.once("connect", () => resolve(true));
            s.once("error", () => resolve(false));
          });
          if (ok) return s;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`the service did not start: ${stderr}`);
      })();
      const warnings = stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l))
        .filter((l) =>
          l.message.startsWith("Environment: not set, so what they enable is off or fails closed:"),
        );
      assert.equal(warnings.length, 1, stdout + stderr);
      assert.equal(warnings[0].severity, "WARNING");
      assert.ok(warnings[0].message.includes("AUTH_TOKEN_SECRET"));

      // An in-flight request: its body is still arriving when SIGTERM comes.
      const stream = session.request({
        ":method": "POST",
        ":path": "/v3/sessions",
        "content-type": "application/json",
      });
      stream.write('{"username":"operator",');
      const status = new Promise<number>((resolve) =>
        stream.on("response", (h) => resolve(Number(h[":status"]))),
      );
      stream.resume();
      await new Promise((r) => setTimeout(r, 200));
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 200));
      stream.end('"password":"x"}');
      assert.equal(await status, 401, "the in-flight request is answered");
      session.close();
      assert.equal(await exited, 0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});

describe("hash-password and validate-registry commands", () => {
  test("npm run -s hash-password prints only the AUTH_PASSWORD_HASH value", async () => {
    const result = spawnSync("npm", ["run", "-s", "hash-password"], {
      cwd: join(service, ".."),
      input: "operator\ncorrect horse\n",
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(result.status, 0, result.stderr);
    const out = result.stdout.trim();
    assert.equal(out.split("\n").length, 1);
    assert.ok(isPasswordHash(out), out);
    assert.equal(await verifyPassword(out, "operator", "correct horse"), true);
  });

  test("validate-registry prints every problem and exits non-zero", () => {
    const dir = mkdtempSync(join(tmpdir(), "tops-validate-"));
    const bad = sampleRegistry() as any;
    bad.version = 3;
    bad.events["open-2026"].attendance = "kiosk";
    writeFileSync(join(dir, "bad.json"), JSON.stringify(bad));
    writeFileSync(join(dir, "good.json"), JSON.stringify(sampleRegistry()));
    const run = (file: string) =>
      spawnSync(process.execPath, [...tsx, "src/registry/validate-cli.ts", join(dir, file)], {
        cwd: service,
        encoding: "utf8",
      });
    const failing = run("bad.json");
    assert.equal(failing.status, 1);
    assert.match(failing.stdout, /\$\.version/);
    assert.match(failing.stdout, /\$\.events\.open-2026\.attendance/);
    assert.equal(run("good.json").status, 0);
    // A file cut short, or with a stray comma: the line and column where the JSON goes wrong.
    writeFileSync(join(dir, "cut.json"), '{\n  "version": 1,\n  "events": {\n');
    writeFileSync(join(dir, "comma.json"), '{\n  "version": 1,\n}\n');
    const cut = run("cut.json");
    assert.equal(cut.status, 1);
    assert.equal(
      cut.stdout,
      `${join(dir, "cut.json")}: line 3, column 14: Expected property name or '}' in JSON\n`,
    );
    assert.match(
      run("comma.json").stdout,
      /comma\.json: line 3, column 1: Expected double-quoted property name in JSON\n$/,
    );
  });

  test("npm run validate-registry reads a relative path from the caller's folder, not the workspace's", () => {
    const root = join(service, "..");
    const good = spawnSync("npm", ["run", "-s", "validate-registry", "--", "../config/events.example.json"], {
      cwd: join(root, "docs"),
      encoding: "utf8",
    });
    assert.equal(good.status, 0, good.stderr);
    assert.equal(good.stdout, "../config/events.example.json: valid\n");
    const dir = mkdtempSync(join(tmpdir(), "tops-validate-"));
    writeFileSync(join(dir, "events.json"), JSON.stringify({ ...sampleRegistry(), version: 3 }));
    const bad = spawnSync("npm", ["--prefix", root, "run", "-s", "validate-registry", "--", "events.json"], {
      cwd: dir,
      encoding: "utf8",
    });
    assert.equal(bad.status, 1, bad.stderr);
    assert.equal(bad.stdout, "events.json: $.version must be 1\n");
  });
});
