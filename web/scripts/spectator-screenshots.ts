/**
 * The spectators' pictures in docs/pages/ (issue 28), taken by `npm run screenshots -w web` on its
 * stack: the courts view, a player's page and the ranked standings on a phone at 09:40 on the
 * Saturday, the knockout draw on a phone and on a laptop, and the hall display on a TV
 * ({@link displayShots}).
 */
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE } from "../test/support/chromium.ts";
import type { RunningStack } from "../test/support/stack.ts";

const TV = { viewport: { width: 1920, height: 1080 } };

/** Takes the spectators' pictures into `out`; the Saturday and the knockouts are synced and live. */
export async function spectatorShots(run: RunningStack, browser: Browser, out: string): Promise<void> {
  const registry = await (await fetch(`${run.stack.front}/config/events.json`)).json();
  const saturday = registry.events["junior-open"].days["open-sat"].date as string;
  const morning = new Date(`${saturday}T09:40:00+08:00`);
  const publicPage = run.stack.pages["public"] as string;

  const shot = async (
    file: string,
    device: typeof PHONE | typeof DESKTOP | typeof TV,
    url: string,
    ready: (page: Page) => Promise<unknown>,
    options: { clock?: Date; fullPage?: boolean; before?: (page: Page) => Promise<unknown> } = {},
  ) => {
    const context = await browser.newContext(device);
    const page = await context.newPage();
    if (options.before) await options.before(page);
    if (options.clock) await page.clock.install({ time: options.clock });
    await page.goto(url);
    await ready(page);
    await page.screenshot({ path: `${out}${file}`, fullPage: options.fullPage ?? false });
    await context.close();
    console.log(`wrote docs/pages/${file}`);
  };
  const live = (page: Page) => page.getByRole("status").filter({ hasText: "Live" }).waitFor();

  await shot(
    "public-courts-phone.png",
    PHONE,
    `${publicPage}?day=open-sat&view=courts`,
    async (page) => {
      await live(page);
      await page.getByRole("listitem", { name: "Court 1" }).waitFor();
    },
    { clock: morning },
  );
  await shot(
    "public-player-phone.png",
    PHONE,
    `${publicPage}?day=open-sat&player=jose+nanez`,
    (page) => page.getByRole("button", { name: "Stop following José Ñañez" }).waitFor(),
    {
      clock: morning,
      fullPage: true,
      before: (page) =>
        page.addInitScript(() =>
          localStorage.setItem(
            "tournament-ops.followed-players",
            JSON.stringify([{ key: "jose nanez", name: "José Ñañez" }]),
          ),
        ),
    },
  );
  await shot(
    "public-standings-phone.png",
    PHONE,
    `${publicPage}?day=open-sat&view=standings`,
    (page) => page.getByRole("complementary", { name: "How the tables are ranked" }).waitFor(),
    { fullPage: true },
  );
  const draw = (page: Page) => page.getByRole("region", { name: "Final", exact: true }).first().waitFor();
  await shot("public-bracket-phone.png", PHONE, `${publicPage}?day=open-ko&view=draw`, draw);
  await shot("public-bracket-desktop.png", DESKTOP, `${publicPage}?day=open-ko&view=draw`, draw, {
    fullPage: true,
  });
  await displayShots(run, browser, out);
}

/**
 * The hall display on a TV (`npm run screenshots -w web -- display` takes these alone): the
 * Saturday's doubles hall at 09:40, its courts then its standings, and the knockouts' draw.
 */
export async function displayShots(run: RunningStack, browser: Browser, out: string): Promise<void> {
  const registry = await (await fetch(`${run.stack.front}/config/events.json`)).json();
  const days = registry.events["junior-open"].days;
  const shot = async (file: string, url: string, clock: Date, turns: number, heading: RegExp) => {
    const context = await browser.newContext(TV);
    const page = await context.newPage();
    await page.clock.install({ time: clock });
    await page.goto(`${run.stack.pages["display"]}${url}&seconds=120`);
    await page.getByRole("status").filter({ hasText: "Live" }).waitFor();
    for (let turn = 0; turn < turns; turn++) await page.clock.fastForward(120_000);
    await page.getByRole("heading", { name: heading }).first().waitFor();
    await page.screenshot({ path: `${out}${file}` });
    await context.close();
    console.log(`wrote docs/pages/${file}`);
  };
  const saturday = new Date(`${days["open-sat"].date}T09:40:00+08:00`);
  await shot("display-courts-tv.png", "?day=open-sat&facility=Annex+Court", saturday, 0, /^Latest results/);
  await shot("display-standings-tv.png", "?day=open-sat&facility=Annex+Court", saturday, 1, /^Standings/);
  await shot(
    "display-draw-tv.png",
    "?day=open-ko",
    new Date(`${days["open-ko"].date}T14:00:00+08:00`),
    1,
    /^Draw/,
  );
}
