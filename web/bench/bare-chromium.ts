/**
 * Debian's Chromium driven over a bare DevTools pipe (`--remote-debugging-pipe`), for the page
 * benchmark: only the commands the benchmark sends, so a page does no more than it does on a phone.
 * Playwright enables the Network domain on every page it drives, and Chromium then copies each
 * WebSocket message the page receives into a DevTools event, on the page's own thread, between the
 * page's handler and the next frame: a page that does nothing with the bench day's 410 KB message
 * paints about 20 ms after it at 4× throttle with the domain on, 2.3 ms with it off, and no
 * spectator's phone has DevTools attached (docs/pages.md, "At 3.8.6"). Every command is answered
 * within {@link COMMAND_MS} or fails, and Chromium exits with this process (its pipe closes).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { CHROMIUM, CHROMIUM_ARGS } from "../test/support/chromium.ts";

/** A screen: its size, and whether it is a phone's (touch, mobile layout). */
export interface Device {
  viewport: { width: number; height: number };
  deviceScaleFactor?: number;
  isMobile?: boolean;
  hasTouch?: boolean;
}

export interface BarePage {
  /** Runs `fn` in the page (sent as its source, so it uses nothing from its module), awaiting what it returns. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<Awaited<R>>;
  /** Waits until `fn` returns true in the page (10 s at most). */
  waitFor(fn: () => boolean): Promise<void>;
  bringToFront(): Promise<void>;
  /** The CPU slowed `rate` times, as on a phone. */
  throttle(rate: number): Promise<void>;
  close(): Promise<void>;
}

export interface PageOptions {
  /** Run in each document before the page's own scripts. */
  script?: string;
  /** DevTools' Network domain on, as Playwright has it: only to show what it costs. */
  network?: boolean;
}

export interface BareChromium {
  /** A page of its own browser context at `url`. */
  newPage(device: Device, url: string, options?: PageOptions): Promise<BarePage>;
  close(): Promise<void>;
}

/** Who waits for the reply to a command. */
interface Caller {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
  /** Fails the command when Chromium has not answered in {@link COMMAND_MS}. */
  timer: NodeJS.Timeout;
}

/** How long a command may wait for its answer (an evaluation awaits the page's promise). */
const COMMAND_MS = 60_000;

interface Reply {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** @param args more of Chromium's flags (`--js-flags=--expose-gc`) */
export async function launchBareChromium(args: readonly string[] = []): Promise<BareChromium> {
  const profile = await mkdtemp(join(tmpdir(), "tops-bare-chromium-"));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, ...args, "--remote-debugging-pipe", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const toChromium = child.stdio[3] as Writable;
  const fromChromium = child.stdio[4] as Readable;
  const waiting = new Map<number, Caller>();
  let lastId = 0;
  let pending = "";
  fromChromium.setEncoding("utf8");
  fromChromium.on("data", (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf("\0"); end >= 0; end = pending.indexOf("\0")) {
      const reply = JSON.parse(pending.slice(0, end)) as Reply;
      pending = pending.slice(end + 1);
      const caller = reply.id === undefined ? undefined : waiting.get(reply.id);
      if (caller === undefined) continue;
      waiting.delete(reply.id as number);
      clearTimeout(caller.timer);
      if (reply.error) caller.reject(new Error(reply.error.message));
      else caller.resolve(reply.result ?? {});
    }
  });
  let ended: string | undefined;
  const gone = (why: string) => {
    ended ??= why;
    for (const caller of waiting.values()) {
      clearTimeout(caller.timer);
      caller.reject(new Error(why));
    }
    waiting.clear();
  };
  child.once("exit", (code, signal) => gone(`Chromium exited (${signal ?? `code ${code}`})`));
  child.once("error", (error) => gone(`Chromium did not start: ${error.message}`));
  toChromium.on("error", (error) => gone(`the pipe to Chromium broke: ${error.message}`));
  fromChromium.on("error", (error) => gone(`the pipe from Chromium broke: ${error.message}`));
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      if (ended !== undefined) return reject(new Error(`${method}: ${ended}`));
      const id = ++lastId;
      const fail = (e: Error) => reject(new Error(`${method}: ${e.message}`));
      const timer = setTimeout(() => {
        waiting.delete(id);
        fail(new Error(`no answer in ${COMMAND_MS / 1000} s`));
      }, COMMAND_MS);
      waiting.set(id, { resolve, reject: fail, timer });
      toChromium.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });

  return {
    async newPage(device, url, { script, network = false } = {}) {
      const { browserContextId } = await send("Target.createBrowserContext");
      const { targetId } = await send("Target.createTarget", { url: "about:blank", browserContextId });
      const { sessionId } = (await send("Target.attachToTarget", { targetId, flatten: true })) as {
        sessionId: string;
      };
      const inPage = (method: string, params: object = {}) => send(method, params, sessionId);
      await inPage("Emulation.setDeviceMetricsOverride", {
        ...device.viewport,
        deviceScaleFactor: device.deviceScaleFactor ?? 1,
        mobile: device.isMobile ?? false,
      });
      if (device.hasTouch) await inPage("Emulation.setTouchEmulationEnabled", { enabled: true });
      if (network) await inPage("Network.enable");
      if (script !== undefined) {
        // The script is kept for new documents only while the Page domain is on.
        await inPage("Page.enable");
        await inPage("Page.addScriptToEvaluateOnNewDocument", { source: script });
      }
      await inPage("Page.navigate", { url });
      const page: BarePage = {
        async evaluate(fn, arg) {
          const { result, exceptionDetails } = (await inPage("Runtime.evaluate", {
            expression: `(${functionSource(fn)})(${arg === undefined ? "" : JSON.stringify(arg)})`,
            awaitPromise: true,
            returnByValue: true,
          })) as {
            result: { value: unknown };
            exceptionDetails?: { text: string; exception?: { description?: string } };
          };
          if (exceptionDetails)
            throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
          return result.value as never;
        },
        async waitFor(fn) {
          const until = Date.now() + 10_000;
          while (!(await page.evaluate(fn).catch(() => false))) {
            if (Date.now() > until) throw new Error(`not shown in 10 s: ${fn}`);
            await new Promise((done) => setTimeout(done, 50));
          }
        },
        bringToFront: async () => void (await inPage("Page.bringToFront")),
        throttle: async (rate) => void (await inPage("Emulation.setCPUThrottlingRate", { rate })),
        close: async () => void (await send("Target.disposeBrowserContext", { browserContextId })),
      };
      return page;
    },
    async close() {
      if (ended === undefined) {
        const exited = new Promise((done) => child.once("exit", done));
        const killing = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await send("Browser.close").catch(() => child.kill("SIGKILL"));
        await exited;
        clearTimeout(killing);
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A function's source as an expression: a method (`name(a) {…}`) made a function expression. */
function functionSource(fn: (...args: never[]) => unknown): string {
  const source = fn.toString();
  return /^(async\s+)?(function\b|\(|[\w$]+\s*=>)/.test(source)
    ? source
    : source.replace(/^(async\s+)?/, (prefix) => `${prefix}function `);
}
