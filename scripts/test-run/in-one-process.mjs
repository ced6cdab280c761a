// Runs test files in this one process, one after another, as the runner hands them over IPC
// (scripts/test-run/pool.mjs): Node 20's `--test` gives every file a process of its own, and loading
// tsx and the service again costs more than many files' tests. Used for the files that keep no
// top-level hooks or globals (scripts/test-run/lanes.mjs, `sharesProcess`).
//
// A file is loaded only once the one before has finished its tests, so that tsx compiling a module
// on this thread never counts in a test's timing (a fake upstream's 5 s, under load). When a file's
// tests have run, the process answers `{ done: file }`; the runner stops it if a file takes too long.
import { resolve } from "node:path";
import { after, describe, test } from "node:test";
import { pathToFileURL } from "node:url";

/**
 * Resolves once every test registered so far has run: the test runner runs a process's top-level
 * suites in order, so an empty suite queued after the file's ends after them. It counts as a
 * suite, not a test.
 * @param {string} file
 */
const ended = (file) =>
  new Promise((done) => {
    describe(`${file} ended`, () => {
      after(() => done(undefined));
    });
  });

/** @param {string} file */
async function runFile(file) {
  try {
    await import(pathToFileURL(resolve(file)).href);
  } catch (error) {
    test(`${file} loads`, () => {
      throw error;
    });
  }
  await ended(file);
  process.send?.({ done: file });
}

let chain = Promise.resolve();
process.on("message", (/** @type {{ file: string }} */ { file }) => {
  chain = chain.then(() => runFile(file));
});
