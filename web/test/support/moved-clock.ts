/**
 * A whole run with the machine's clock moved (`faketime -f +Ns node scripts/run-tests.mjs`, as
 * service/test/README.md records) preloads libfaketime into every process but Chromium: under it
 * Chromium takes tens of seconds to open a page (chromium.ts launches it without). So that its pages
 * still live on the run's clock, as on a machine whose clock really moved, every context's pages
 * get `Date` shifted by the distance between the two clocks; timers are untouched, and Playwright's
 * `clock` (which some tests install) builds on the shifted `Date`. On an ordinary run the shift is 0
 * and nothing is added.
 */
import { execFileSync } from "node:child_process";
import type { Browser } from "playwright-core";

/** The run's clock minus the machine's own (Chromium's), in ms: 0 unless libfaketime moved it. */
function clockShift(env: NodeJS.ProcessEnv): number {
  if (!process.env["LD_PRELOAD"]?.includes("faketime")) return 0;
  const machine = Number(execFileSync("date", ["+%s%3N"], { env, encoding: "utf8" }).trim());
  const shift = Date.now() - machine;
  return Math.abs(shift) < 1_000 ? 0 : shift;
}

/** Shifts the `Date` of every page of `browser`'s new contexts onto the run's clock (see above). */
export function onRunClock(browser: Browser, unfakedEnv: NodeJS.ProcessEnv): Browser {
  const shift = clockShift(unfakedEnv);
  if (shift === 0) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    // A string, not a function: tsx's names helper (`__name`) would not exist in the page.
    await context.addInitScript({ content: shiftedDate(shift) });
    return context;
  };
  return browser;
}

/** The page script: `Date` (made without a time, and `Date.now()`) `by` ms ahead of the machine's. */
function shiftedDate(by: number): string {
  return `{
    const Native = Date;
    globalThis.Date = class extends Native {
      constructor(...given) {
        if (given.length === 0) super(Native.now() + ${by});
        else super(...given);
      }
      static now() {
        return Native.now() + ${by};
      }
    };
  }`;
}
