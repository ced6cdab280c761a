// Recalculation cost of the local workbook adapter after one score write, in a 400-match workbook
// whose CSV and STANDINGSCSV tabs are formulas over SCHEDULE. Run: node --import tsx service/bench/recalc.ts
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { WorkbookEngine } from "../src/adapters/xlsx-workbooks/engine.ts";
import { createXlsxWorkbooks } from "../src/adapters/xlsx-workbooks/index.ts";
import { type TestCell, writeWorkbook } from "../test/support/workbooks.ts";

const MATCHES = 400;
const TEAMS = 64;
const ROUNDS = 30;

function tournament(): Record<string, TestCell[][]> {
  const team = (n: number) => `MS_${(n % TEAMS) + 1}`;
  const schedule: TestCell[][] = [
    ["matchNumber", "teamCode1", "teamCode2", "team1Score", "team2Score", "court"],
  ];
  const csv: TestCell[][] = [
    ["matchNumber", "teamCode1", "teamCode2", "team1Score", "team2Score", "court", "result"],
  ];
  for (let m = 1; m <= MATCHES; m++) {
    const r = m + 1;
    schedule.push([
      m,
      team(m),
      team(m * 7 + 3),
      m % 2 === 0 ? 21 : null,
      m % 2 === 0 ? 15 : null,
      (m % 8) + 1,
    ]);
    csv.push([
      `=SCHEDULE!A${r}`,
      `=SCHEDULE!B${r}`,
      `=SCHEDULE!C${r}`,
      `=IF(SCHEDULE!D${r}="","",SCHEDULE!D${r})`,
      `=IF(SCHEDULE!E${r}="","",SCHEDULE!E${r})`,
      `="Court "&SCHEDULE!F${r}`,
      `=IF(SCHEDULE!D${r}="","",IF(SCHEDULE!D${r}>SCHEDULE!E${r},SCHEDULE!B${r},SCHEDULE!C${r}))`,
    ]);
  }
  const standings: TestCell[][] = [["teamCode", "played", "wins", "pointsFor", "pointsAgainst"]];
  for (let t = 0; t < TEAMS; t++) {
    const r = t + 2;
    standings.push([
      team(t),
      `=COUNTIFS(CSV!B2:B,A${r},CSV!D2:D,"<>")+COUNTIFS(CSV!C2:C,A${r},CSV!D2:D,"<>")`,
      `=COUNTIF(CSV!G2:G,A${r})`,
      `=SUMIFS(SCHEDULE!D2:D,SCHEDULE!B2:B,A${r})+SUMIFS(SCHEDULE!E2:E,SCHEDULE!C2:C,A${r})`,
      `=SUMIFS(SCHEDULE!E2:E,SCHEDULE!B2:B,A${r})+SUMIFS(SCHEDULE!D2:D,SCHEDULE!C2:C,A${r})`,
    ]);
  }
  return { SCHEDULE: schedule, CSV: csv, STANDINGSCSV: standings };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const dir = await mkdtemp(join(tmpdir(), "recalc-bench-"));
try {
  await writeWorkbook(dir, "bench", tournament());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(dir, "bench.xlsx"));
  const engine = WorkbookEngine.build(workbook);

  const recalc: number[] = [];
  const rebuild: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const row = 1 + ((i * 37) % MATCHES);
    recalc.push(time(() => engine.write([{ tab: "SCHEDULE", row, column: 3, value: 10 + i }])));
    rebuild.push(time(() => WorkbookEngine.build(workbook).destroy()));
  }
  engine.destroy();

  const sheets = createXlsxWorkbooks({ dir });
  await sheets.readTabs("bench", ["CSV"], "formatted");
  const whole: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await sheets.writeRanges("bench", [{ range: `SCHEDULE!D${2 + i}:E${2 + i}`, values: [[21, i]] }]);
    whole.push(performance.now() - start);
    const readStart = performance.now();
    await sheets.readTabs("bench", ["CSV", "STANDINGSCSV"], "formatted");
    reads.push(performance.now() - readStart);
  }
  sheets.close();

  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
  console.log(`workbook: ${MATCHES} matches, ${TEAMS} teams, ${MATCHES * 7 + TEAMS * 4} formulas`);
  console.log(
    `recalculation after one score write (median of ${ROUNDS}): ${fmt(median(recalc))}  (goal < 50 ms)`,
  );
  console.log(`baseline, full engine rebuild from the workbook (median): ${fmt(median(rebuild))}`);
  console.log(`ratio recalculation / rebuild: ${(median(recalc) / median(rebuild)).toFixed(3)}`);
  console.log(`whole writeRanges incl. atomic file save (median of 10): ${fmt(median(whole))}`);
  console.log(`readTabs CSV+STANDINGSCSV formatted after a write (median of 10): ${fmt(median(reads))}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
