// `npm run -s hash-password`: prints only the AUTH_PASSWORD_HASH value on stdout. On a terminal it
// asks for the username (Enter: `operator`, the name deploy/setup and npm start give the operator),
// then the password twice without showing it; piped, it takes the username and the password as the
// first two lines of stdin. Either way it ends once it has them.
import { createInterface, emitKeypressEvents } from "node:readline";
import { hashPassword } from "./password.ts";

const { stdin, stderr } = process;

/** Reads one answer on the terminal, echoing it or not; Ctrl+C stops the command. */
function ask(prompt: string, echo: boolean): Promise<string> {
  // Raw before the prompt shows: nothing typed after it is echoed by the terminal itself.
  emitKeypressEvents(stdin);
  stdin.setRawMode(true);
  stdin.resume();
  stderr.write(prompt);
  return new Promise((resolve) => {
    const typed: string[] = [];
    const onKey = (text: string | undefined, key: { name?: string; ctrl?: boolean } = {}) => {
      if (key.ctrl && key.name === "c") {
        stdin.setRawMode(false);
        stderr.write("\n");
        process.exit(130);
      }
      if (key.name === "return" || key.name === "enter" || (key.ctrl && key.name === "d")) {
        stdin.off("keypress", onKey);
        stdin.setRawMode(false);
        stdin.pause();
        stderr.write("\n");
        resolve(typed.join(""));
      } else if (key.name === "backspace") {
        if (typed.pop() !== undefined && echo) stderr.write("\b \b");
      } else if (text !== undefined && !key.ctrl && text >= " " && text !== "\x7f") {
        typed.push(text);
        if (echo) stderr.write(text);
      }
    };
    stdin.on("keypress", onKey);
  });
}

/** The first two lines of a pipe, without waiting for it to end. */
async function firstTwoLines(): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
    lines.push(line);
    if (lines.length === 2) break;
  }
  stdin.destroy();
  return lines;
}

function fail(message: string): never {
  stderr.write(`hash-password: ${message}\n`);
  process.exit(2);
}

let username: string;
let password: string;
/** The operator's sign-in name as deploy/setup and npm start make it, taken when none is typed. */
const OPERATOR = "operator";

if (stdin.isTTY) {
  username =
    (
      await ask(
        `Username (the console's sign-in name; press Enter for "${OPERATOR}", as deploy/setup and npm start name it): `,
        true,
      )
    ).trim() || OPERATOR;
  password = await ask("Password (not shown): ", false);
  if (password !== "" && (await ask("The same password again: ", false)) !== password)
    fail("the two passwords differ; nothing was made");
} else {
  [username = "", password = ""] = await firstTwoLines();
  username = username.trim();
}
if (username === "" || password === "") {
  fail("give the username on the first line and the password on the second");
}
process.stdout.write(`${await hashPassword(username, password)}\n`);
