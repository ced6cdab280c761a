// `npm run publish-pages`: builds the pages with the production config.json and commits them to
// the data repository's pages branch through the GitHub Contents API (see publish.ts).
// Exit 0: published (or already up to date); 3 with --check: something would change; 1: failed; 2: usage.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createGitHubContents } from "../../../service/src/adapters/github-contents/index.ts";
import { readDeployed } from "../shared/deployed.ts";
import { createPrompter } from "../shared/prompt.ts";
import { pageFiles } from "./page-files.ts";
import { publishPages } from "./publish.ts";
import { pagesSettings } from "./settings.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

const HELP = `usage: npm run publish-pages -- [options]
  --repo owner/name   the data repository (default: what deploy/setup recorded, then DATA_REPO)
  --branch name       the branch GitHub Pages serves (default: recorded, then DATA_BRANCH, then main)
  --folder path/      where in the branch (default: its root)
  --pages-url URL     where GitHub Pages serves that folder (default: recorded)
  --api-url URL       the service's Cloud Run URL (default: recorded)
  --live-url URL      the relay's URL (default: recorded)
  --data-url URL      the static site with the data, absolute or relative to the pages (default: ./)
  --dist dir          publish this build instead of building web/ now
  --check             say what would change and change nothing (exit 3 when something would)
The token is DATA_REPO_TOKEN (Contents: Read and write on the repository), else asked for without echo.
Commits are at least PUBLISH_WRITE_INTERVAL_MS apart (default 1500), inside GitHub's 80 a minute.
`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      repo: { type: "string" },
      branch: { type: "string" },
      folder: { type: "string" },
      "pages-url": { type: "string" },
      "api-url": { type: "string" },
      "live-url": { type: "string" },
      "data-url": { type: "string" },
      dist: { type: "string" },
      check: { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const settings = pagesSettings(values, process.env, await readDeployed());
  if ("problems" in settings) {
    process.stderr.write(`publish-pages: ${settings.problems.join("; ")}.\n${HELP}`);
    return 2;
  }
  let token = process.env.DATA_REPO_TOKEN?.trim();
  if (!token && process.stdin.isTTY) {
    const prompt = createPrompter();
    token = (await prompt.hidden(`A GitHub token that may write to ${settings.repo} (not shown): `)).trim();
    prompt.close();
  }
  if (!token) {
    process.stderr.write(
      "publish-pages: no token: set DATA_REPO_TOKEN (Contents: Read and write on the repository).\n",
    );
    return 2;
  }
  let dist = values.dist;
  if (dist === undefined) {
    const build = spawnSync("npm", ["run", "-s", "build", "-w", "web"], {
      cwd: ROOT,
      stdio: ["ignore", 2, 2],
    });
    if (build.status !== 0) {
      process.stderr.write("publish-pages: the pages did not build (npm run build -w web)\n");
      return 1;
    }
    dist = `${ROOT}web/dist`;
  }
  const files = await pageFiles(dist, settings.addresses, settings.pagesUrl);
  const branch = createGitHubContents({
    repo: settings.repo,
    branch: settings.branch,
    token,
    apiUrl: process.env.GITHUB_API_URL?.trim() || "https://api.github.com",
  });
  const version = (JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { version: string }).version;
  const result = await publishPages({
    branch,
    folder: settings.folder,
    files,
    version,
    check: values.check === true,
    writeIntervalMs: Number(process.env.PUBLISH_WRITE_INTERVAL_MS ?? 1_500),
    pause: async (ms) => {
      await sleep(ms);
    },
    log: (line) => process.stderr.write(`  ${line}\n`),
  });
  const where = `${settings.repo}@${settings.branch}${settings.folder ? `:${settings.folder}` : ""}`;
  const changes = result.written.length + result.removed.length;
  if (values.check) {
    process.stdout.write(
      changes === 0
        ? `The pages on ${where} are up to date.\n`
        : `${result.written.length} file(s) to write and ${result.removed.length} to remove on ${where}.\n`,
    );
    return changes === 0 ? 0 : 3;
  }
  process.stdout.write(
    `${changes === 0 ? "The pages were already up to date" : `Published ${result.written.length} file(s), removed ${result.removed.length}`} on ${where} (${result.unchanged} unchanged). Pages: ${settings.pagesUrl}\n`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`publish-pages: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
