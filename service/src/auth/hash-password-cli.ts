// `npm run -s hash-password`: reads a username and a password as two lines on standard input
// and prints only the AUTH_PASSWORD_HASH value.
import { text } from "node:stream/consumers";
import { hashPassword } from "./password.ts";

const [username = "", password = ""] = (await text(process.stdin)).split(/\r?\n/);
if (username.trim() === "" || password === "") {
  process.stderr.write("hash-password: give the username on the first line and the password on the second\n");
  process.exit(2);
}
process.stdout.write(`${await hashPassword(username.trim(), password)}\n`);
