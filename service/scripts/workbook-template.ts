// `npm run -s workbook-template`: writes docs/workbook-template.xlsx, the blank facility workbook
// to import into Google Sheets (docs/workbooks.md). workbook-template.test.ts fails when the
// committed file's tabs, cells or formulas differ from what this makes.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { templateWorkbook } from "../src/demo/template.ts";

export const TEMPLATE_FILE = fileURLToPath(new URL("../../docs/workbook-template.xlsx", import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TEMPLATE_FILE, Buffer.from(await templateWorkbook().xlsx.writeBuffer()));
  process.stdout.write(`wrote ${TEMPLATE_FILE}\n`);
}
