// The built pages (web/dist), made when they are missing or older than their sources: a hash of
// every source file is kept beside the build, and one build runs at a time (two stacks starting
// together, as the tests do, build once).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { waitForLock } from "./lock.mjs";

const BUILD_WAIT_MS = 5 * 60_000;

/**
 * Builds `web/dist` unless it was built from the sources as they are now.
 * @param {string} webDir the web workspace
 * @returns {Promise<{ dist: string, built: boolean }>}
 */
export async function ensurePages(webDir) {
  const dist = join(webDir, "dist");
  const stamp = join(dist, ".source-hash");
  const hash = sourceHash(webDir);
  const current = () => {
    try {
      return readFileSync(stamp, "utf8").trim() === hash;
    } catch {
      return false;
    }
  };
  if (current()) return { dist, built: false };
  const lock = await waitForLock(join(webDir, ".build.lock"), BUILD_WAIT_MS);
  try {
    if (current()) return { dist, built: false };
    const { build } = await import("vite");
    await build({ configFile: join(webDir, "vite.config.ts"), logLevel: "warn" });
    writeFileSync(stamp, `${hash}\n`);
    return { dist, built: true };
  } finally {
    lock.release();
  }
}

/**
 * A hash of the files a build is made from: src/, the Vite config, the page list, the package, and
 * the registry reference the build makes a page of. @param {string} webDir
 */
function sourceHash(webDir) {
  const files = [
    ...walk(join(webDir, "src")),
    join(webDir, "vite.config.ts"),
    join(webDir, "pages.json"),
    join(webDir, "package.json"),
    join(webDir, "..", "docs", "registry.md"),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files)
    hash.update(relative(webDir, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
