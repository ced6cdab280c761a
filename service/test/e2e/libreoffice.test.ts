import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { TEMPLATE_FILE } from "../../scripts/workbook-template.ts";
import { createXlsxWorkbooks } from "../../src/adapters/xlsx-workbooks/index.ts";
import { createDemoTournament } from "../../src/demo/index.ts";
import { notYetInWrite } from "../../src/features/attendance/write-allowlist.ts";
import { parseCsv } from "../../src/shared/csv.ts";
import { HEADER } from "../attendance/harness.ts";

describe("workbooks the service wrote, opened by LibreOffice", () => {
  /**
   * The local workbooks open everywhere: LibreOffice recalculates every formula of the demo
   * workbooks, and of a tab the service itself created, and shows no `#NAME?`, `#REF!` or `#VALUE!`.
   * FILTER needs LibreOffice 24.8 or later (Debian 12: `bookworm-backports`).
   */

  const INSTALL =
    "apt-get install -y libreoffice-calc-nogui (24.8 or later; on Debian 12: apt-get install -y -t bookworm-backports libreoffice-calc-nogui)";
  const ERRORS = ["#NAME?", "#REF!", "#VALUE!"];

  function libreOffice(): { skip: string | false } {
    const probe = spawnSync("soffice", ["--version"], { encoding: "utf8" });
    if (probe.status !== 0) return { skip: `LibreOffice is not installed: ${INSTALL}` };
    const [major = 0, minor = 0] = (/LibreOffice (\d+)\.(\d+)/.exec(probe.stdout) ?? []).slice(1).map(Number);
    if (major < 24 || (major === 24 && minor < 8))
      return { skip: `LibreOffice ${major}.${minor} has no FILTER; ${INSTALL}` };
    return { skip: false };
  }

  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "tops-libreoffice-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  /** Every sheet of every workbook in `workbooks` as CSV, recalculated by LibreOffice on load. */
  async function convertAll(workbooks: string): Promise<Map<string, string[][]>> {
    const profile = join(dir, "profile");
    await mkdir(join(profile, "user"), { recursive: true });
    // Recalculate every formula on load (OOXMLRecalcMode 0), so cached results prove nothing.
    await writeFile(
      join(profile, "user", "registrymodifications.xcu"),
      `<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema">` +
        `<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item></oor:items>\n`,
    );
    const out = join(dir, "csv");
    const files = (await readdir(workbooks))
      .filter((name) => name.endsWith(".xlsx"))
      .map((name) => join(workbooks, name));
    const run = spawnSync(
      "soffice",
      [
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        "--headless",
        "--convert-to",
        // Every sheet to its own file (the last token, -1), UTF-8, comma-separated.
        "csv:Text - txt - csv (StarCalc):44,34,UTF8,1,,0,false,true,false,false,false,-1",
        "--outdir",
        out,
        ...files,
      ],
      { encoding: "utf8", timeout: 180_000 },
    );
    assert.equal(run.status, 0, run.stderr);
    const sheets = new Map<string, string[][]>();
    for (const name of await readdir(out))
      sheets.set(name, parseCsv(await readFile(join(out, name), "utf8")));
    return sheets;
  }

  test(
    "LibreOffice shows no #NAME?, #REF! or #VALUE! in the demo workbooks, the workbook template or an ATTENDANCE tab the service created",
    libreOffice(),
    async () => {
      const workbooks = join(dir, "workbooks");
      await createDemoTournament({
        dataDir: join(dir, "data"),
        workbooksDir: workbooks,
        now: Date.parse("2026-11-18T00:00:00Z"),
      });
      // The service's own path: a tab it creates with its content in one call, the "not yet in"
      // formula entered as a user types it. In the second tab everyone is in: the list is empty.
      const adapter = createXlsxWorkbooks({ dir: workbooks });
      const people = (present: boolean) => [
        ["ana cruz", "Ana Cruz", "A_1", "A", present, present ? "2026-11-22 08:50" : "", false],
        ["ben lim", "Ben Lim", "A_2", "A", true, "2026-11-22 09:00", false],
        ["cy go", "Cy Go", "A_3", "A", present, present ? "2026-11-22 09:10" : "", false],
      ];
      try {
        for (const [title, present] of [
          ["ATTENDANCE 2", false],
          ["ATTENDANCE 3", true],
        ] as const) {
          const quoted = `'${title}'!`;
          await adapter.createTab("cup-sun-side-hall", title, [
            { range: `${quoted}A1:G4`, values: [HEADER, ...people(present)] },
            { ...notYetInWrite(), range: notYetInWrite().range.replace("ATTENDANCE!", quoted) },
          ]);
        }
      } finally {
        adapter.close();
      }

      await copyFile(TEMPLATE_FILE, join(workbooks, "workbook-template.xlsx"));
      const sheets = await convertAll(workbooks);
      assert.ok(sheets.size >= 8 * 4 + 4, `only ${sheets.size} sheets converted`);
      assert.deepEqual(
        sheets.get("workbook-template-STANDINGSCSV.csv")?.[1],
        ["", "", "", "", "", "", "", ""],
        "a template row without a team code shows nothing",
      );
      const errors = [...sheets].flatMap(([name, rows]) =>
        rows.flatMap((row, r) =>
          row.flatMap((cell, c) =>
            ERRORS.includes(cell) ? [`${name} row ${r + 1} column ${c + 1}: ${cell}`] : [],
          ),
        ),
      );
      assert.deepEqual(errors, []);
      const created = sheets.get("cup-sun-side-hall-ATTENDANCE 2.csv");
      assert.deepEqual(
        created?.slice(1, 3).map((row) => row[9]),
        ["Ana Cruz", "Cy Go"],
        "LibreOffice evaluated the service's FILTER: everyone neither present nor withdrawn",
      );
      const everyoneIn = sheets.get("cup-sun-side-hall-ATTENDANCE 3.csv");
      assert.deepEqual(
        everyoneIn?.slice(1, 4).map((row) => row[9] ?? ""),
        ["", "", ""],
        "once everyone is in, IFNA shows an empty list, not #N/A",
      );
    },
  );
});
