// `npm run -s watch -- <event> <day>`: opens a socket on the local relay, as a page of the static site
// would, and prints each snapshot that arrives (or, with --attendance, each attendance nudge).
// Options: --attendance (the nudge channel), --json (print messages whole), --count <n> (exit after
// n messages), --dir <folder> (the stack's folder, default ./local), --relay <url> and --origin <url>
// (instead of reading <dir>/stack.json, which `npm start` writes).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import WebSocket from "ws";

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    attendance: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    count: { type: "string" },
    dir: { type: "string", default: "local" },
    relay: { type: "string" },
    origin: { type: "string" },
  },
});
const [event, day] = positionals;
if (!event || !day) {
  process.stderr.write("usage: npm run -s watch -- <event> <day> [--attendance] [--json] [--count n]\n");
  process.exit(2);
}

/** @type {{ relay?: string, origin?: string }} */
let stack = {};
if (!flags.relay || !flags.origin) {
  const file = join(resolve(flags.dir), "stack.json");
  try {
    stack = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    process.stderr.write(
      `watch: ${file} not found; is \`npm start\` running? (or pass --relay and --origin)\n`,
    );
    process.exit(1);
  }
}
const relay = /** @type {string} */ (flags.relay ?? stack.relay);
const origin = flags.origin ?? stack.origin;
const channel = flags.attendance ? "attendance" : "live";
const limit = flags.count === undefined ? Number.POSITIVE_INFINITY : Number(flags.count);

/** One line per snapshot: when, visibility, and each facility's status and match count. @param {string} text */
function summary(text) {
  const snapshot = JSON.parse(text);
  if (snapshot.type === "attendance") return `nudge: attendance changed at ${snapshot.facility}`;
  const facilities = (snapshot.facilities ?? [])
    .map((/** @type {{ name: string, status: string, matchesCsv?: string }} */ f) => {
      const rows = f.matchesCsv ? f.matchesCsv.trim().split("\n").length - 1 : 0;
      return `${f.name} ${f.status} (${rows} matches)`;
    })
    .join(", ");
  const rows = snapshot.matchesCsv ? snapshot.matchesCsv.trim().split("\n").length - 1 : 0;
  return `snapshot ${snapshot.event}/${snapshot.day} generatedAt=${snapshot.generatedAt} isLive=${snapshot.isLive} matchesCsv=${rows} rows | ${facilities}`;
}

const socket = new WebSocket(`${relay.replace(/^http/, "ws")}/${channel}/${event}/${day}`, { origin });
let seen = 0;
socket.on("open", () =>
  process.stdout.write(`watching ${channel}/${event}/${day} on ${relay} (Ctrl+C to stop)\n`),
);
socket.on("message", (data) => {
  const text = data.toString();
  process.stdout.write(`${flags.json ? text : summary(text)}\n`);
  if (++seen >= limit) socket.close();
});
socket.on("unexpected-response", (_request, response) => {
  process.stderr.write(`watch: the relay refused the socket with ${response.statusCode}\n`);
  process.exit(1);
});
socket.on("error", (error) => {
  process.stderr.write(`watch: ${error.message}\n`);
  process.exit(1);
});
socket.on("close", () => process.exit(0));
process.once("SIGINT", () => socket.close());
