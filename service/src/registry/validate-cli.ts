// `npm run validate-registry -- <file>`: prints every problem of a registry file and exits non-zero,
// for the data repository's own CI.
import { readFile } from "node:fs/promises";
import { validateRegistry } from "./validate.ts";

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: npm run validate-registry -- <path to events.json>\n");
  process.exit(2);
}
let json: unknown;
try {
  json = JSON.parse(await readFile(file, "utf8"));
} catch (error) {
  process.stderr.write(`${file}: ${(error as Error).message}\n`);
  process.exit(1);
}
const problems = validateRegistry(json);
for (const problem of problems) process.stdout.write(`${file}: ${problem.path} ${problem.message}\n`);
if (problems.length > 0) {
  process.stderr.write(
    `${problems.length} problem${problems.length === 1 ? "" : "s"}: the file would be rejected\n`,
  );
  process.exit(1);
}
process.stdout.write(`${file}: valid\n`);
