// A node:test reporter (`--test-reporter`) that writes one line per test file: the time its
// top-level tests took, in milliseconds, then the file. scripts/run-tests.mjs --durations reads
// these lines to name the files where a run's time goes.

/**
 * @param {AsyncIterable<{ type: string, data: { nesting?: number, file?: string, details?: { duration_ms?: number } } }>} source
 * @returns {AsyncGenerator<string>}
 */
export default async function* durations(source) {
  /** @type {Map<string, number>} */
  const byFile = new Map();
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { nesting, file, details } = event.data;
    // A shared process's own suites (in-one-process.mjs: a file's end) are no file's time.
    if (nesting !== 0 || file === undefined || file.endsWith("in-one-process.mjs")) continue;
    byFile.set(file, (byFile.get(file) ?? 0) + (details?.duration_ms ?? 0));
  }
  for (const [file, ms] of byFile) yield `${Math.round(ms)} ${file}\n`;
}
