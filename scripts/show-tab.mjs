// `node scripts/show-tab.mjs <sheetId> <tab> [--dir ./local/workbooks]`: prints one tab of a local
// workbook as the service reads it (formulas recalculated, displayed values), as CSV. Handy to see
// what a desk mark or a score entry wrote, without opening the file in a spreadsheet program.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { dir: { type: "string", default: "local/workbooks" } },
});
const [sheetId, tab] = positionals;
if (!sheetId || !tab) {
  process.stderr.write("usage: node scripts/show-tab.mjs <sheetId> <tab> [--dir local/workbooks]\n");
  process.exit(2);
}
// A reader that stops early (`| head`) closes the pipe: that is the end of the output, not an error.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});
register();
const { createXlsxWorkbooks } = await import("../service/src/adapters/xlsx-workbooks/index.ts");
const { toCsv } = await import("../service/src/shared/csv.ts");
const workbooks = createXlsxWorkbooks({ dir: resolve(flags.dir) });
try {
  const rows = (await workbooks.readTabs(sheetId, [tab], "formatted")).get(tab);
  if (rows === undefined) throw new Error(`no tab ${tab} in ${sheetId}`);
  process.stdout.write(toCsv(rows));
} catch (error) {
  process.stderr.write(`show-tab: ${/** @type {Error} */ (error).message}\n`);
  process.exitCode = 1;
} finally {
  workbooks.close();
}
