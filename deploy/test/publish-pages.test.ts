import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { createGitHubContents } from "../../service/src/adapters/github-contents/index.ts";
import { type GitHubApiFake, startGitHubApiFake } from "../../service/test/fakes/github-api-fake.ts";
import { pageFiles } from "../src/pages/page-files.ts";
import { MANIFEST, type PublishOptions, publishPages } from "../src/pages/publish.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const REPO = "club/tournament-data";
const TOKEN = "pages-token";
const ADDRESSES = {
  apiUrl: "https://tournament-ops-abc-as.a.run.app",
  liveUrl: "https://tournament-ops-relay.club.workers.dev",
  dataUrl: "./",
};
const PAGES_URL = "https://club.github.io/tournament-data/";
/** A PNG's first bytes: not text, so a lossy write would show. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80]);

const page = (title: string, script: string) =>
  `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>${title}</title>\n    <script type="module" crossorigin src="../assets/${script}"></script>\n  </head>\n  <body></body>\n</html>\n`;

/** A build as Vite writes one: pages, hashed assets, an image. */
async function build(dir: string, hash: string) {
  await rm(dir, { recursive: true, force: true });
  const files: Record<string, string | Buffer> = {
    "index.html": page("Tournament results", `public-${hash}.js`).replace("../assets/", "assets/"),
    "public/index.html": page("Live results", `public-${hash}.js`),
    "console/index.html": page("Operator console", `console-${hash}.js`),
    [`assets/public-${hash}.js`]: `console.log("public ${hash}")`,
    [`assets/console-${hash}.js`]: `console.log("console ${hash}")`,
    "assets/standard-scoresheet.png": PNG,
  };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

describe("npm run publish-pages: the pages committed to the data repository's branch", () => {
  let fake: GitHubApiFake;
  let work: string;
  const pauses: number[] = [];
  const branch = () => createGitHubContents({ repo: REPO, branch: "main", token: TOKEN, apiUrl: fake.url });
  const options = async (hash: string, extra: Partial<PublishOptions> = {}): Promise<PublishOptions> => ({
    branch: branch(),
    folder: "",
    files: await pageFiles(await build(join(work, hash), hash), ADDRESSES, PAGES_URL),
    version: "3.4.1",
    check: false,
    writeIntervalMs: 0,
    pause: async (ms) => {
      pauses.push(ms);
    },
    log: () => {},
    ...extra,
  });
  const writes = () => fake.requests.filter((r) => r.method === "PUT").map((r) => r.path);

  before(async () => {
    fake = await startGitHubApiFake({ repo: REPO, token: TOKEN });
    work = await mkdtemp(join(tmpdir(), "publish-pages-"));
  });
  after(async () => {
    await fake.close();
    await rm(work, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.resetLog();
    pauses.length = 0;
  });

  test("the first publication writes every file, assets before pages, with config.json, .nojekyll and the CSP", async () => {
    fake.setFile("config/events.json", '{"version":1}');
    fake.setFile("open/data/open-sat.json", "{}");
    const result = await publishPages(await options("aaaa"));
    assert.deepEqual(result.written, [
      "assets/console-aaaa.js",
      "assets/public-aaaa.js",
      "assets/standard-scoresheet.png",
      ".nojekyll",
      "config.json",
      "console/index.html",
      "index.html",
      "public/index.html",
      MANIFEST,
    ]);
    assert.deepEqual(
      writes().map((path) => decodeURIComponent(path.replace(`/repos/${REPO}/contents/`, ""))),
      result.written,
    );
    assert.deepEqual(JSON.parse(fake.file("config.json")?.toString() ?? ""), ADDRESSES);
    assert.equal(fake.file(".nojekyll")?.length, 0);
    assert.deepEqual(fake.file("assets/standard-scoresheet.png"), PNG, "an image is written byte for byte");
    const html = fake.file("public/index.html")?.toString() ?? "";
    assert.match(
      html,
      /<meta charset="utf-8" \/>\n {4}<meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self' https:\/\/tournament-ops-abc-as\.a\.run\.app https:\/\/club\.github\.io wss:\/\/tournament-ops-relay\.club\.workers\.dev; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'" \/>\n {4}<title>/,
    );
    assert.doesNotMatch(html, /frame-ancestors/, "a meta policy cannot carry frame-ancestors");
    assert.equal(fake.file("config/events.json")?.toString(), '{"version":1}', "the data is never touched");
  });

  test("publishing the same build again writes nothing", async () => {
    const result = await publishPages(await options("aaaa"));
    assert.deepEqual(result, { written: [], removed: [], unchanged: 8 });
    assert.deepEqual(writes(), []);
  });

  test("--check says what would change and changes nothing", async () => {
    const result = await publishPages(await options("bbbb", { check: true }));
    assert.deepEqual(result.written, [
      "assets/console-bbbb.js",
      "assets/public-bbbb.js",
      "console/index.html",
      "index.html",
      "public/index.html",
      MANIFEST,
    ]);
    assert.deepEqual(writes(), []);
    assert.ok(fake.requests.every((r) => r.method === "GET"));
  });

  test("a new build keeps the previous one's assets for pages still open; the one before is removed", async () => {
    await publishPages(await options("bbbb"));
    assert.ok(fake.file("assets/public-aaaa.js"), "the previous build's assets stay");
    const third = await publishPages(await options("cccc"));
    assert.deepEqual(third.removed, ["assets/console-aaaa.js", "assets/public-aaaa.js"]);
    assert.equal(fake.file("assets/public-aaaa.js"), undefined);
    assert.ok(fake.file("assets/public-bbbb.js"));
    assert.ok(fake.file("assets/public-cccc.js"));
    assert.deepEqual(JSON.parse(fake.file(MANIFEST)?.toString() ?? "").previous, [
      ".nojekyll",
      "assets/console-bbbb.js",
      "assets/public-bbbb.js",
      "assets/standard-scoresheet.png",
      "config.json",
      "console/index.html",
      "index.html",
      "public/index.html",
    ]);
    assert.ok(fake.file("open/data/open-sat.json"), "files the publisher did not write are never removed");
  });

  test("commits are paced, and a rate limit is waited out, not fatal", async () => {
    fake.rateLimitNext({ retryAfterSeconds: 7, status: 403, method: "PUT" });
    const result = await publishPages(await options("dddd", { writeIntervalMs: 1_500 }));
    assert.ok(result.written.includes("public/index.html"));
    assert.ok(pauses.includes(7_000), `waited for GitHub: ${pauses.join(", ")}`);
    // One pause before every commit attempt but the first: the refused attempt and its retry count.
    const paced = pauses.filter((ms) => ms !== 7_000);
    assert.equal(paced.length, result.written.length + result.removed.length);
    assert.ok(
      paced.every((ms) => ms > 1_000 && ms <= 1_500),
      paced.join(", "),
    );
  });

  test("the command publishes from flags and DATA_REPO_TOKEN, and --check then says the pages are up to date", async () => {
    const dist = await build(join(work, "cli"), "eeee");
    const args = [
      "--repo",
      REPO,
      "--branch",
      "main",
      "--pages-url",
      PAGES_URL,
      "--api-url",
      ADDRESSES.apiUrl,
      "--live-url",
      ADDRESSES.liveUrl,
      "--dist",
      dist,
    ];
    const env = { GITHUB_API_URL: fake.url, DATA_REPO_TOKEN: TOKEN, PUBLISH_WRITE_INTERVAL_MS: "0" };
    const published = await command(args, env);
    assert.equal(published.code, 0, published.stderr);
    assert.match(
      published.stdout,
      /^Published 6 file\(s\), removed 2 on club\/tournament-data@main \(3 unchanged\)\. Pages: https:\/\/club\.github\.io\/tournament-data\/\n$/,
    );
    const checked = await command([...args, "--check"], env);
    assert.equal(checked.code, 0, checked.stderr);
    assert.equal(checked.stdout, "The pages on club/tournament-data@main are up to date.\n");
    const missing = await command(["--check"], { ...env, DATA_REPO: "" });
    assert.equal(missing.code, 2);
    assert.match(
      missing.stderr,
      /--repo must be owner\/name; --pages-url must be .*; --api-url must be .*; --live-url must be /,
    );
  });
});

function command(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "deploy/src/pages/main.ts", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
