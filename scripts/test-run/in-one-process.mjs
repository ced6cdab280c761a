// Runs the test files named on the command line in this one process, one after another (Node 20's
// `--test` gives every file a process of its own, and for a small file loading tsx and the service
// again costs more than its tests). Used for the fast lane's files that keep no top-level hooks or
// globals (scripts/test-run/lanes.mjs, `sharesProcess`). A test that hangs ends the process after
// MAX_MS, as `--test-timeout` would.
import { resolve } from "node:path";
import { before } from "node:test";
import { pathToFileURL } from "node:url";

const MAX_MS = 10 * 60 * 1000;
setTimeout(() => {
  console.error(`in-one-process: still running after ${MAX_MS / 60_000} minutes; stopped`);
  process.exit(1);
}, MAX_MS).unref();

// No test starts before every file is loaded: tsx compiles each module on this one thread, and a
// test timing an answer (a fake upstream's, 5 s) would otherwise count the later files' loading.
/** @type {() => void} */
let loaded = () => {};
const allLoaded = new Promise((done) => {
  loaded = () => done(undefined);
});
before(() => allLoaded);
for (const file of process.argv.slice(2)) await import(pathToFileURL(resolve(file)).href);
loaded();
