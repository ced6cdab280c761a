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
register();
const { createXlsxWorkbooks } = await import("../service/src/adapters/xlsx-workbooks/index.ts");
const workbooks = createXlsxWorkbooks({ dir: resolve(flags.dir) });
try {
  const rows = (await workbooks.readTabs(sheetId, [tab], "formatted")).get(tab);
  if (rows === undefined) throw new Error(`no tab ${tab} in ${sheetId}`);
  const cell = (value) => {
    const text = value === null || value === undefined ? "" : String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  for (const row of rows) process.stdout.write(`${row.map(cell).join(",")}\n`);
} catch (error) {
  process.stderr.write(`show-tab: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  workbooks.close();
}
