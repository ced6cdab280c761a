import type { SetupContext } from "./context.ts";

/**
 * The end of the setup: the addresses, the Apps Script's properties (with the sync secret if it
 * was made in this run: shown this once), and what to do next.
 */
export function summary(ctx: SetupContext): string[] {
  const { settings, names } = ctx;
  const syncSecret = ctx.showOnce.find((entry) => entry.label === "SYNC_SECRET")?.value;
  const again = `gcloud secrets versions access latest --secret=sync-shared-secret --project ${settings.project}`;
  return [
    "",
    ctx.dryRun
      ? "Dry run done: nothing was run."
      : `Done: ${ctx.changes.length} change(s), the rest was right.`,
    "",
    "Addresses",
    `  service  ${ctx.serviceUrl}`,
    `  relay    ${ctx.relayUrl}   (health: ${ctx.relayUrl}/health)`,
    `  pages    ${settings.pagesUrl}public/   console: ${settings.pagesUrl}console/`,
    "",
    "Apps Script properties of each facility workbook (clients/apps-script/README.md, step 2):",
    `  SYNC_URL     ${ctx.serviceUrl}`,
    syncSecret === undefined
      ? `  SYNC_SECRET  the service's sync secret: \`${again}\` shows it`
      : `  SYNC_SECRET  ${syncSecret}   (shown this once; \`${again}\` shows it again)`,
    "  DAY          the day's key in the registry, e.g. open-sat",
    "  FACILITY     the facility's name exactly as in the registry, e.g. Rizal Hall",
    "",
    "Next (docs/deployment.md):",
    "  - commit the registry as config/events.json in the data repository (docs/registry.md);",
    `  - share every facility workbook with ${names.serviceAccountEmail} as Editor (docs/workbooks.md);`,
    "  - install the edit trigger in each workbook with the properties above;",
    `  - turn on GitHub Pages for ${settings.dataRepo}, branch ${settings.pagesBranch}, folder / (root);`,
    "  - run `npm run preflight`, and fix what it names.",
  ];
}
