import type { Command } from "../command.ts";
import type { SetupContext } from "../context.ts";
import { secretValue } from "./secrets.ts";

/**
 * The pages, built with the production config.json and committed to the pages branch by
 * `npm run publish-pages`: first with `--check` (exit 0: up to date, 3: something to publish).
 */
export async function pages(ctx: SetupContext): Promise<void> {
  const { settings } = ctx;
  const token = await secretValue(ctx, "data-repo-token");
  const publish = (extra: string[]): Command => ({
    program: "npm",
    args: [
      "run",
      "-s",
      "publish-pages",
      "--",
      `--repo=${settings.dataRepo}`,
      `--branch=${settings.pagesBranch}`,
      `--pages-url=${settings.pagesUrl}`,
      `--api-url=${ctx.serviceUrl}`,
      `--live-url=${ctx.relayUrl}`,
      `--data-url=${settings.dataUrl}`,
      ...extra,
    ],
    env: { DATA_REPO_TOKEN: { value: token, shownAs: "the data-repo-token secret" } },
  });
  const upToDate = await ctx.check(publish(["--check"]), (result) => result.code === 3);
  if (upToDate) ctx.note("the pages are up to date");
  // The check has just built web/dist: publish that build.
  else await ctx.change({ ...publish(["--dist=web/dist"]), stream: true });
}
