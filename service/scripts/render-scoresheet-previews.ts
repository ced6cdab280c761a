// Renders one sheet of each layout to docs/scoresheets/<layout>.png, for the README's picture check.
// Needs pdftoppm (Debian: apt-get install poppler-utils). Run: node --import tsx service/scripts/render-scoresheet-previews.ts
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LAYOUT_TYPES } from "../src/features/scoresheets/layout-types.ts";
import { createScoresheetRenderer } from "../src/features/scoresheets/renderer.ts";
import type { Match } from "../src/features/scoresheets/types.ts";

const outDir = fileURLToPath(new URL("../../docs/scoresheets/", import.meta.url));
const resolution = Number(process.argv[2] ?? 110);

const match: Match = {
  matchNumber: "47",
  date: "2026-11-22",
  time: "10:40",
  court: "3",
  category: "Mixed Doubles Open",
  round: "Quarterfinal",
  teamCode1: "XD_3",
  team1: "José Núñez / Zoë Ñiño",
  teamCode2: "XD_14",
  team2: "Maximiliano Fernández-Castellanos / 陈美玲 Tan Mei Ling",
  team1Score: "",
  team2Score: "",
  referee: "Ramón Dela Cruz",
  facility: "Hall A",
};

// As production prints them: PAGES_URL set, so each sheet carries its QR code.
const renderer = createScoresheetRenderer({
  concurrency: 1,
  pagesUrl: "https://my-club.github.io/tournament-data",
});
const work = mkdtempSync(join(tmpdir(), "scoresheet-previews-"));
try {
  mkdirSync(outDir, { recursive: true });
  for (const layout of LAYOUT_TYPES) {
    const pdf = await renderer.render({ matches: [match], layout, title: "Metro Manila Open 2026 · Day 2" });
    const pdfPath = join(work, `${layout}.pdf`);
    writeFileSync(pdfPath, pdf);
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      String(resolution),
      "-singlefile",
      pdfPath,
      join(outDir, layout),
    ]);
    console.log(`docs/scoresheets/${layout}.png`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  await renderer.close();
}
