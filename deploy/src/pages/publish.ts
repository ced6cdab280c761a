import type { GitHubContents } from "../../../service/src/adapters/github-contents/index.ts";
import { RateLimitedError, RevisionConflictError } from "../../../service/src/ports/data-repository.ts";
import { gitBlobSha } from "../../../service/src/shared/git-blob.ts";
import { type PageFiles, publishingOrder } from "./page-files.ts";

/** The branch the pages are committed to, through the GitHub Contents API adapter. */
export type PagesBranch = Pick<GitHubContents, "read" | "writeBytes" | "remove">;

/**
 * `pages-manifest.json`, beside the pages: which files the last two publications wrote. Only
 * files listed here are ever removed, so the data and anything else on the branch is never touched.
 */
export interface PagesManifest {
  current: string[];
  previous: string[];
}

export const MANIFEST = "pages-manifest.json";
/** A rate limit longer than this stops the publication instead of waiting. */
const LONGEST_WAIT_MS = 15 * 60_000;
const TRIES = 4;

export interface PublishOptions {
  branch: PagesBranch;
  /** Where in the branch: `""` (its root) or a folder ending in `/`. */
  folder: string;
  files: PageFiles;
  /** Named in each commit message. */
  version: string;
  /** Plan only: say what would change, change nothing. */
  check: boolean;
  /**
   * The least time between two commits. Each commit is one of GitHub's content-creating requests
   * (80 a minute, 500 an hour for the token, which the service shares); 1.5 s keeps publishing
   * under half of the minute's allowance.
   */
  writeIntervalMs: number;
  /** Waits (tests pass one that records and returns at once). */
  pause(ms: number): Promise<void>;
  log(line: string): void;
}

export interface PublishResult {
  /** Files written (new or changed), in the order written. */
  written: string[];
  /** Files of the publication before the previous one, removed. */
  removed: string[];
  unchanged: number;
}

function parseManifest(text: string | undefined): PagesManifest {
  try {
    const value = JSON.parse(text ?? "") as Partial<PagesManifest>;
    const list = (v: unknown) =>
      Array.isArray(v) ? v.filter((p): p is string => typeof p === "string") : [];
    return { current: list(value.current), previous: list(value.previous) };
  } catch {
    return { current: [], previous: [] };
  }
}

/**
 * Publishes built pages to a branch, one commit per changed file: unchanged files (same git blob
 * sha) are not written, hashed assets go first and the pages last, so a page never points at a
 * file not yet there. The files of the previous publication are kept (a page opened or cached
 * before it still loads its assets); those of the one before are removed. A rate limit is waited
 * out (up to 15 minutes), a file changed meanwhile read again.
 * @example const result = await publishPages({ branch, folder: "", files, version, check: false, … });
 */
export async function publishPages(options: PublishOptions): Promise<PublishResult> {
  const { branch, folder, files } = options;
  const at = (path: string) => `${folder}${path}`;
  const manifestFile = await retried(options, () => branch.read(at(MANIFEST)));
  const manifest = parseManifest(manifestFile?.content);
  const result: PublishResult = { written: [], removed: [], unchanged: 0 };
  let lastWrite = Number.NEGATIVE_INFINITY;
  const paced = async <T>(work: () => Promise<T>) => {
    const wait = lastWrite + options.writeIntervalMs - performance.now();
    if (wait > 0) await options.pause(wait);
    lastWrite = performance.now();
    return work();
  };

  for (const path of publishingOrder(files.keys())) {
    const bytes = files.get(path) as Buffer;
    const changed = await retried(options, async () => {
      const remote = await branch.read(at(path));
      if (remote?.revision === gitBlobSha(bytes)) return false;
      if (options.check) return true;
      await paced(() =>
        branch.writeBytes(at(path), bytes, remote?.revision ?? null, `pages ${options.version}: ${path}`),
      );
      return true;
    });
    if (!changed) result.unchanged++;
    else {
      result.written.push(path);
      options.log(`${options.check ? "would write" : "wrote"} ${at(path)}`);
    }
  }

  const current = [...files.keys()].sort();
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((p, i) => p === b[i]);
  const previous = same(current, [...manifest.current].sort()) ? manifest.previous : manifest.current;
  const kept = new Set([...current, ...previous]);
  const stale = [...manifest.current, ...manifest.previous].filter((path) => !kept.has(path));
  const next = `${JSON.stringify({ current, previous }, null, 2)}\n`;
  if (manifestFile?.content !== next) {
    if (!options.check)
      await retried(options, async () => {
        const remote = await branch.read(at(MANIFEST));
        await paced(() =>
          branch.writeBytes(
            at(MANIFEST),
            Buffer.from(next),
            remote?.revision ?? null,
            `pages ${options.version}: manifest`,
          ),
        );
      });
    options.log(`${options.check ? "would write" : "wrote"} ${at(MANIFEST)}`);
    result.written.push(MANIFEST);
  }

  for (const path of [...new Set(stale)].sort()) {
    const removed = await retried(options, async () => {
      const remote = await branch.read(at(path));
      if (remote === undefined) return false;
      if (!options.check)
        await paced(() =>
          branch.remove(at(path), remote.revision, `pages ${options.version}: remove ${path}`),
        );
      return true;
    });
    if (removed) {
      result.removed.push(path);
      options.log(`${options.check ? "would remove" : "removed"} ${at(path)}`);
    }
  }
  return result;
}

/** Runs `work` again after a rate limit's wait or a file changed meanwhile, a few times at most. */
async function retried<T>(
  options: Pick<PublishOptions, "pause" | "log">,
  work: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= TRIES) throw error;
      if (error instanceof RateLimitedError) {
        if (error.waitMs > LONGEST_WAIT_MS) throw error;
        options.log(`GitHub asks for a pause: waiting ${Math.ceil(error.waitMs / 1000)} s`);
        await options.pause(error.waitMs);
      } else if (!(error instanceof RevisionConflictError)) throw error;
    }
  }
}
