import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { describe, test } from "node:test";
import { verifyPassword } from "../../src/auth/password.ts";
import { isPasswordHash } from "../../src/shared/password-hash.ts";

const service = new URL("../../", import.meta.url).pathname;
const CLI = "node --import tsx src/auth/hash-password-cli.ts";
const PASSWORD = "correct horse battery";
/** The end of the username's prompt: what it shows before anything is typed. */
const USERNAME = "as deploy/setup and npm start name it): ";

// script(1) gives the command a terminal of its own: what it prints is what the user would see.
const noScript =
  spawnSync("script", ["--version"]).status === 0 ? false : "needs script(1): apt-get install -y bsdutils";

/** Runs hash-password on a terminal, typing each answer once its prompt shows. */
function onTerminal(
  answers: Array<[prompt: string, typed: string]>,
): Promise<{ screen: string; code: number | null }> {
  const child = spawn("script", ["-qfec", CLI, "/dev/null"], { cwd: service });
  let screen = "";
  const waiting = [...answers];
  child.stdout.on("data", (chunk: Buffer) => {
    screen += chunk.toString("utf8");
    while (waiting.length > 0 && screen.includes((waiting[0] as [string, string])[0])) {
      child.stdin.write((waiting.shift() as [string, string])[1]);
    }
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ screen, code })));
}

describe("npm run -s hash-password", () => {
  test("on a terminal it says Enter gives operator, asks for the password twice, never shows it, prints the hash and ends", {
    skip: noScript,
  }, async () => {
    const { screen, code } = await onTerminal([
      [USERNAME, "\r"],
      ["Password (not shown): ", `${PASSWORD}\r`],
      ["again: ", `${PASSWORD}\r`],
    ]);
    assert.equal(code, 0, screen);
    assert.ok(!screen.includes("correct"), `the password was shown: ${JSON.stringify(screen)}`);
    assert.match(
      screen,
      /Username \(the console's sign-in name; press Enter for "operator", as deploy\/setup and npm start name it\): \r\n/,
    );
    const hash = screen.trim().split(/\r?\n/).at(-1) as string;
    assert.ok(isPasswordHash(hash), screen);
    assert.equal(await verifyPassword(hash, "operator", PASSWORD), true);
  });

  test("on a terminal, two different passwords make no hash", { skip: noScript }, async () => {
    const { screen, code } = await onTerminal([
      [USERNAME, "operator\r"],
      ["Password (not shown): ", `${PASSWORD}\r`],
      ["again: ", "correct horse batery\r"],
    ]);
    assert.equal(code, 2);
    assert.match(screen, /the two passwords differ/);
    assert.doesNotMatch(screen, /\$scrypt\$/);
  });

  test("piped, it takes the first two lines and ends without waiting for the pipe to close", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/auth/hash-password-cli.ts"], {
      cwd: service,
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.stdin.write(`operator\n${PASSWORD}\n`);
    // stdin stays open: the command must end by itself.
    const code = await new Promise((resolve) => child.on("exit", resolve));
    child.stdin.destroy();
    assert.equal(code, 0);
    assert.equal(await verifyPassword(out.trim(), "operator", PASSWORD), true);
  });
});
