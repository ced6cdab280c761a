// `docker build` cannot run on these machines, so this test runs the Dockerfile's own steps without
// Docker: COPY into a temporary root (honouring .dockerignore), RUN as the build does, then CMD as
// the unprivileged user (nobody, through setpriv, when the test runs as root; otherwise the test's
// own non-root user), and checks that the built service answers GET /ping on h2c and that SIGTERM
// stops it cleanly.
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, posix, relative } from "node:path";
import { after, describe, test } from "node:test";
import { freePort } from "../../../scripts/start/free-port.mjs";
import { h2c } from "../support/h2c.ts";
import { dockerIgnore, envPairs, type Instruction, parseDockerfile } from "./dockerfile-steps.ts";
import { REPO } from "./processes.ts";

const instructions = parseDockerfile(readFileSync(join(REPO, "Dockerfile"), "utf8"));
const ignored = dockerIgnore(join(REPO, ".dockerignore"));
const root = mkdtempSync(join(tmpdir(), "tops-image-"));
const inImage = (path: string) => join(root, path);
const isRoot = process.getuid?.() === 0;
const canDropPrivileges = isRoot && spawnSync("setpriv", ["--version"]).status === 0;
const stripsTypes = Boolean((process.features as { typescript?: string }).typescript);

/** Runs the build steps in order; returns the runtime state the last instructions leave. */
function build(steps: Instruction[]) {
  let workdir = "/";
  let user = "root";
  const env: Record<string, string> = {};
  let cmd: string[] = [];
  for (const { keyword, args } of steps) {
    if (keyword === "WORKDIR") {
      workdir = posix.resolve(workdir, args);
      mkdirSync(inImage(workdir), { recursive: true });
    } else if (keyword === "ENV") {
      Object.assign(env, envPairs(args));
    } else if (keyword === "COPY") {
      const parts = args.split(/\s+/);
      const dest = posix.resolve(workdir, parts.pop() as string) + (args.endsWith("/") ? "/" : "");
      for (const source of parts) {
        const target = dest.endsWith("/") ? join(inImage(dest), posix.basename(source)) : inImage(dest);
        cpSync(join(REPO, source), target, {
          recursive: true,
          filter: (path) => relative(REPO, path) === "" || !ignored(relative(REPO, path)),
        });
      }
    } else if (keyword === "RUN") {
      execFileSync("sh", ["-c", args], {
        cwd: inImage(workdir),
        env: { ...process.env, ...env },
        stdio: "pipe",
      });
    } else if (keyword === "USER") {
      user = args;
    } else if (keyword === "CMD") {
      cmd = JSON.parse(args) as string[];
    }
  }
  return { workdir, user, env, cmd };
}

/** The files under `dir` (relative to the repository) that the build context keeps. */
function copied(dir: string): string[] {
  return readdirSync(join(REPO, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)))
    .filter(
      (path) =>
        !ignored(path) && !path.split("/").some((_, i, parts) => ignored(parts.slice(0, i + 1).join("/"))),
    );
}

describe("the Dockerfile, built and started without Docker", () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  test("it builds on Node 24 (the current LTS), runs as a non-root user, and its CMD runs the entry of `npm run serve` with Node's own type stripping, no tsx", () => {
    assert.match(instructions.find((i) => i.keyword === "FROM")?.args ?? "", /^node:24[.-]/);
    const user = instructions.filter((i) => i.keyword === "USER").at(-1)?.args;
    assert.ok(user && user !== "root" && user !== "0", "a USER other than root");
    const cmd = JSON.parse(instructions.find((i) => i.keyword === "CMD")!.args) as string[];
    const serve = (
      JSON.parse(readFileSync(join(REPO, "service/package.json"), "utf8")) as { scripts: { serve: string } }
    ).scripts.serve;
    assert.deepEqual(cmd, ["node", serve.split(" ").at(-1)]);
    assert.ok(instructions.some((i) => i.keyword === "ENV" && "PORT" in envPairs(i.args)));
  });

  test("the image's source holds no demo, no test and no test support: each file imports only Node, the service's dependencies and the image's own files", () => {
    const files = copied("service/src");
    assert.ok(files.includes("service/src/main.ts"));
    assert.deepEqual(
      files.filter((path) => path.startsWith("service/src/demo/") || /test/.test(posix.basename(path))),
      [],
    );
    const dependencies = Object.keys(
      (JSON.parse(readFileSync(join(REPO, "service/package.json"), "utf8")) as { dependencies: object })
        .dependencies,
    );
    const outside: string[] = [];
    for (const file of files.filter((path) => path.endsWith(".ts"))) {
      const text = readFileSync(join(REPO, file), "utf8");
      for (const [, , specifier = ""] of text.matchAll(
        /^(?:import|export)\s[^;]*?\bfrom\s*(["'])([^"'\n]+)\1/gm,
      )) {
        const name = specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : specifier.split("/")[0];
        const kept = specifier.startsWith(".")
          ? files.includes(posix.join(posix.dirname(file), specifier))
          : specifier.startsWith("node:") ||
            builtinModules.includes(specifier) ||
            dependencies.includes(name ?? "");
        if (!kept) outside.push(`${file} → ${specifier}`);
      }
    }
    assert.deepEqual(outside, []);
  });

  test(`the built service answers GET /ping over h2c on $PORT and exits 0 on SIGTERM (runtime user: ${canDropPrivileges ? "nobody via setpriv" : "this test's user"})`, {
    skip: stripsTypes
      ? false
      : `Node ${process.version} cannot run the image's TypeScript entry (Node 24 strips types itself): .ci/run runs this test under Node 24 too`,
  }, async () => {
    const image = build(instructions);
    const fonts = execFileSync("find", [root, "-path", "*/@expo-google-fonts/*", "-name", "*.ttf"], {
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean)
      .map((path) => posix.basename(path))
      .sort();
    assert.deepEqual(
      fonts,
      [
        "NotoEmoji_400Regular.ttf",
        "NotoSansKR_400Regular.ttf",
        "NotoSansSC_400Regular.ttf",
        "NotoSans_400Regular.ttf",
      ],
      "the image keeps one weight of each font",
    );
    const port = await freePort(0);
    const [program, ...args] = image.cmd;
    assert.equal(program, "node");
    chmodSync(root, 0o755);
    const command = canDropPrivileges
      ? ["setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(command[0] as string, command[1] as string[], {
      cwd: inImage(image.workdir),
      env: { ...image.env, PORT: String(port), PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/tmp" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      let status = 0;
      for (let attempt = 0; attempt < 300 && status !== 200 && child.exitCode === null; attempt++) {
        const client = h2c(`http://127.0.0.1:${port}`);
        status = await client.request("GET", "/ping").then(
          (r) => r.status,
          () => 0,
        );
        client.close();
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(status, 200, `GET /ping answered; output:\n${output}`);
      // The fonts the image keeps print names outside WinAnsi: one subset of each font used.
      const boundary = "scoresheet-form";
      const form =
        `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="day.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\nmatchNumber,team1\r\n1,李娜 / 김민지\r\n--${boundary}--\r\n`;
      const client = h2c(`http://127.0.0.1:${port}`);
      const sheets = await client.request("POST", "/v3/scoresheets", {
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        body: Buffer.from(form),
      });
      client.close();
      assert.equal(sheets.status, 200, sheets.text);
      assert.equal(sheets.body.toString("latin1").match(/\/FontFile2/g)?.length, 2, "Noto Sans SC and KR");
      if (canDropPrivileges) {
        const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
        assert.equal(uid, "65534");
      } else {
        assert.notEqual(process.getuid?.(), 0, "as root without setpriv the CMD cannot run unprivileged");
      }
      assert.match(output, /Environment: not set, so what they enable is off or fails closed:/);
    } finally {
      child.kill("SIGTERM");
    }
    assert.equal(await exited, 0, output);
  });
});
