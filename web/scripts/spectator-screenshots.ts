/**
 * The spectators' pictures in docs/pages/ (issue 28), taken by `npm run screenshots -w web` on its
 * stack: the courts view, a player's page and the ranked standings on a phone at 09:40 on the
 * Saturday, the knockout draw on a phone and on a laptop, and the hall display on a TV.
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
  const display = `${run.stack.pages["display"]}?day=open-sat&facility=Rizal+Hall`;
  await shot(
    "display-courts-tv.png",
    TV,
    display,
    (page) => page.getByRole("heading", { name: "Courts" }).waitFor(),
    {
      clock: morning,
    },
  );
  await shot(
    "display-draw-tv.png",
    TV,
    `${run.stack.pages["display"]}?day=open-ko&seconds=120`,
    async (page) => {
      await page.getByRole("heading", { name: "Courts" }).waitFor();
      await page.clock.fastForward(120_000);
      await page.getByRole("heading", { name: /^Draw/ }).waitFor();
    },
    { clock: new Date(`${registry.events["junior-open"].days["open-ko"].date}T14:00:00+08:00`) },
  );
}
