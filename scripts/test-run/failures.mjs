// The failed tests named in a `node --test` TAP output, each with where it is and the first lines
// of its error: printed again at the end of a run, so that the tail of a long log (all CI keeps)
// says what failed. Suites that failed only through their tests are left out.

/**
 * @param {string} tap
 * @returns {string[]} one short paragraph per failed test
 */
export function failuresIn(tap) {
  const lines = tap.split("\n");
  /** @type {string[]} */
  const found = [];
  for (const [i, line] of lines.entries()) {
    const failed = /^(\s*)not ok \d+ - (.*)$/.exec(line);
    if (!failed) continue;
    const indent = `${failed[1]}  `;
    /** @type {string[]} */
    const block = [];
    for (const next of lines.slice(i + 1)) {
      if (!next.startsWith(indent) || next.trim() === "...") break;
      block.push(next.slice(indent.length));
    }
    const field = (/** @type {string} */ name) =>
      block.find((entry) => entry.startsWith(`${name}: `))?.slice(name.length + 2);
    if (field("failureType") === "'subtestsFailed'") continue;
    const errorAt = block.findIndex((entry) => entry.startsWith("error: "));
    const firstLine = block[errorAt]?.replace(/^error: (\|-)?/, "").replace(/^'(.*)'$/, "$1") ?? "";
    const rest = block.slice(errorAt + 1).findIndex((entry) => !entry.startsWith("  "));
    const error =
      errorAt < 0
        ? []
        : [firstLine, ...block.slice(errorAt + 1, rest < 0 ? undefined : errorAt + 1 + rest)]
            .map((entry) => entry.trim())
            .filter(Boolean)
            .slice(0, 4);
    found.push(
      [
        `✗ ${failed[2]}`,
        `  at ${field("location")?.replace(/^'(.*)'$/, "$1") ?? "(no location)"}`,
        ...error.map((e) => `  ${e}`),
      ].join("\n"),
    );
  }
  return found;
}
