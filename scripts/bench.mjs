// `npm run bench`: every benchmark the issues name, one after another, each printing its figure
// beside a baseline measured in the same run. `npm run bench -- ping sync` runs a selection.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const BENCHMARKS = {
  ping: "service/bench/ping.ts",
  relay: ["relay/bench/fanout.ts", "relay/bench/changes.ts"],
  sync: "service/bench/sync.ts",
  scoresheets: "service/bench/scoresheets.ts",
  attendance: "service/bench/attendance.ts",
  "score-entry": "service/bench/score-entry.ts",
  recalc: "service/bench/recalc.ts",
  hostile: "service/bench/hostile.ts",
  pages: ["web/bench/page.ts", "web/bench/views.ts"],
  live: ["relay/bench/live-points.ts", "web/bench/live-tap.ts"],
  "unread-sockets": "relay/bench/unread-sockets.ts",
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(
    `unknown benchmark: ${unknown.join(", ")}; choose from ${Object.keys(BENCHMARKS).join(", ")}`,
  );
  process.exit(2);
}
let failed = 0;
for (const [name, files] of Object.entries(BENCHMARKS)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  for (const file of [files].flat()) {
    if (!existsSync(file)) {
      console.error(`\n== ${name}: ${file} is missing`);
      failed++;
      continue;
    }
    console.log(`\n== ${name} (${file})`);
    const result = spawnSync(process.execPath, ["--import", "tsx", file], {
      stdio: "inherit",
      timeout: 10 * 60 * 1000,
    });
    if (result.status !== 0) failed++;
  }
}
process.exit(failed > 0 ? 1 : 0);
