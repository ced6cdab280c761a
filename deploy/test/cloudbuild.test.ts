import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseDockerfile } from "../../service/test/e2e/dockerfile-steps.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Whether `.gcloudignore` (gitignore syntax) keeps `path` out of the upload, as git reads the same rules. */
function ignored(path: string): boolean {
  const answer = spawnSync(
    "git",
    ["-c", `core.excludesFile=${ROOT}.gcloudignore`, "check-ignore", "--no-index", "--quiet", path],
    { cwd: ROOT },
  );
  return answer.status === 0;
}

test("the build's upload keeps every file the Dockerfile copies, and leaves the rest out", () => {
  const sources = parseDockerfile(readFileSync(`${ROOT}Dockerfile`, "utf8"))
    .filter((step) => step.keyword === "COPY")
    .flatMap((step) => step.args.split(/\s+/).slice(0, -1));
  assert.ok(sources.includes("service/src"), sources.join(" "));
  for (const source of sources) assert.equal(ignored(source), false, `${source} is uploaded`);
  for (const other of [
    "web/src/index.html",
    "relay/src/index.ts",
    "docs/deployment.md",
    "local/data",
    "service/test/README.md",
  ])
    assert.equal(ignored(other), true, `${other} stays here`);
});

test("the build pushes the image it is given and logs to Cloud Logging, as a chosen build account requires", () => {
  const config = readFileSync(`${ROOT}deploy/cloudbuild.yaml`, "utf8");
  assert.match(config, /args: \["build", "--tag", "\$\{_IMAGE\}", "\."\]/);
  assert.match(config, /images:\n {2}- "\$\{_IMAGE\}"/);
  assert.match(config, /logging: CLOUD_LOGGING_ONLY/);
});
