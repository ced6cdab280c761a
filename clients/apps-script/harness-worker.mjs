// Runs Code.js in a node:vm context with the Apps Script services stubbed, inside a worker thread so
// that the synchronous UrlFetchApp stub (a blocking h2c request made by a child process) never blocks
// the thread that serves the request. The scenario and the results travel as worker messages.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { parentPort, workerData } from "node:worker_threads";

const { properties, start, edits, fetchMs } = workerData;
const REQUEST = `
const http2 = require("node:http2");
const [url, headers, body] = process.argv.slice(1);
const target = new URL(url);
const session = http2.connect(target.origin);
const request = session.request({ ":method": "POST", ":path": target.pathname, ...JSON.parse(headers) });
let text = "";
request.setEncoding("utf8");
request.on("response", (h) => { request.on("data", (c) => (text += c)); request.on("end", () => { process.stdout.write(JSON.stringify({ status: h[":status"], text })); session.close(); }); });
request.end(body);
`;

let now = start;
const store = new Map(Object.entries(properties));
const pending = [...edits].sort((a, b) => a.at - b.at);
let lockHeld = false;
const fetches = [];
const warnings = [];
const triggers = [{ handler: "onEditInstalled", id: "old" }];
const created = [];

class FakeDate extends Date {
  constructor(...args) {
    super(...(args.length === 0 ? [now] : args));
  }
  static now() {
    return now;
  }
}

const context = vm.createContext({
  Date: FakeDate,
  console: { log() {}, warn: (message) => warnings.push(String(message)) },
  PropertiesService: {
    getScriptProperties: () => ({
      getProperty: (key) => (store.has(key) ? store.get(key) : null),
      setProperty: (key, value) => store.set(key, String(value)),
    }),
  },
  LockService: {
    getScriptLock: () => ({
      tryLock: () => {
        if (lockHeld) return false;
        lockHeld = true;
        return true;
      },
      releaseLock: () => {
        lockHeld = false;
      },
    }),
  },
  Utilities: { sleep: (ms) => advance(now + ms) },
  UrlFetchApp: {
    fetch(url, options) {
      const headers = { "content-type": options.contentType, ...options.headers };
      const out = execFileSync(
        process.execPath,
        ["-e", REQUEST, url, JSON.stringify(headers), options.payload],
        {
          encoding: "utf8",
        },
      );
      const { status, text } = JSON.parse(out);
      fetches.push({
        url,
        method: options.method,
        headers: options.headers,
        payload: options.payload,
        status,
        at: now,
      });
      advance(now + fetchMs);
      return { getResponseCode: () => status, getContentText: () => text };
    },
  },
  SpreadsheetApp: { getActive: () => ({ id: "this-workbook", getId: () => "this-workbook" }) },
  ScriptApp: {
    getProjectTriggers: () => triggers.map((t) => ({ getHandlerFunction: () => t.handler, id: t.id })),
    deleteTrigger: (trigger) =>
      triggers.splice(
        triggers.findIndex((t) => t.id === trigger.id),
        1,
      ),
    newTrigger: (handler) => ({
      forSpreadsheet: (spreadsheet) => ({
        onEdit: () => ({
          create: () => created.push({ handler, spreadsheet: spreadsheet.id, event: "onEdit" }),
        }),
      }),
    }),
  },
});
vm.runInContext(readFileSync(new URL("./Code.js", import.meta.url), "utf8"), context, {
  filename: "Code.js",
});

function editEvent(edit) {
  return { range: { getSheet: () => ({ getName: () => edit.tab ?? "SCHEDULE" }) } };
}

/** Moves the clock to `until`, running the edits that fall on the way as concurrent executions. */
function advance(until) {
  while (pending.length > 0 && pending[0].at <= until) {
    const edit = pending.shift();
    now = Math.max(now, edit.at);
    context.onEditInstalled(editEvent(edit));
  }
  now = Math.max(now, until);
}

if (workerData.install) {
  context.installTrigger();
} else {
  while (pending.length > 0) {
    const edit = pending.shift();
    now = Math.max(now, edit.at);
    context.onEditInstalled(editEvent(edit));
  }
}
parentPort.postMessage({ fetches, warnings, triggers: triggers.map((t) => t.id), created, lockHeld });
