// `npm run validate-registry -- <file>`: prints every problem of a registry file and exits non-zero,
// for the data repository's own CI.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { jsonSyntaxProblem } from "./json-syntax.ts";
import { validateRegistry } from "./validate.ts";

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: npm run validate-registry -- <path to events.json>\n");
  process.exit(2);
}
// npm runs a script in its package's folder and names the caller's folder in INIT_CWD: a
// relative path is the caller's. Run any other way, it is the working folder's.
const base = process.env.npm_lifecycle_event === "validate-registry" ? process.env.INIT_CWD : undefined;
let text: string;
try {
  text = await readFile(resolve(base ?? process.cwd(), file), "utf8");
} catch (error) {
  process.stderr.write(`${file}: ${(error as Error).message}\n`);
  process.exit(1);
}
let json: unknown;
try {
  json = JSON.parse(text);
} catch (error) {
  // Where it goes wrong, so the file can be opened at that line.
  process.stdout.write(`${file}: ${jsonSyntaxProblem(text, error)}\n`);
  process.stderr.write("the file is not JSON: it would be rejected\n");
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
