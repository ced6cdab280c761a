// `npm run preflight [-- --service <url>]`: the deployed service's check of the whole setup,
// printed with each fix (command.ts). Exit 0: every check passes; 1: one fails, asks to be looked
// at or could not be made; 2: the preflight could not be asked.
import { createPrompter } from "../shared/prompt.ts";
import { preflightCommand } from "./command.ts";

preflightCommand({
  args: process.argv.slice(2),
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  prompt: process.stdin.isTTY ? createPrompter : undefined,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`preflight: ${(error as Error).message}\n`);
    process.exitCode = 2;
  },
);
