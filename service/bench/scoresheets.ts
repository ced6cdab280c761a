// Scoresheet rendering benchmark: node --import tsx service/bench/scoresheets.ts
// For 500 and 5,000 matches and each layout: warm wall time, pages per second, bytes per page and
// peak RSS, for the Form XObject template and for a baseline in the same run that draws every
// page's frame from scratch, then the template with a QR code on every sheet (PAGES_URL set, as in
// production). Goals (issues 6 and 20): with the QR codes, 500 sheets < 0.5 s warm on 2 cores and
// ≤ 2 KB per page; the template ≥ 1.7× faster than the baseline (both without QR codes, which cost
// the same in either mode). "loop p99" is this thread's event-loop delay while rendering: what a
// concurrent request such as GET /ping would wait.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { LAYOUT_TYPES, type LayoutType } from "../src/features/scoresheets/layout-types.ts";
import { createScoresheetRenderer } from "../src/features/scoresheets/renderer.ts";
import type { FrameMode, Match } from "../src/features/scoresheets/types.ts";
import { pingWhileRendering } from "./support/ping-while-rendering.ts";

const concurrency = Number(process.env["SCORESHEET_CONCURRENCY"] ?? 2);
const renderers = {
  plain: createScoresheetRenderer({ concurrency }),
  qr: createScoresheetRenderer({ concurrency, pagesUrl: "https://ops.example.org/manila-open" }),
};
const sizes = [500, 5000];

function match(n: number): Match {
  return {
    ...{
      matchNumber: String(n),
      date: "2026-11-22",
      time: "09:30",
      court: String((n % 8) + 1),
      facility: "Rizal Memorial Coliseum",
    },
    ...{ category: "Mixed Doubles Open", round: "Round of 32", referee: `Referee ${n % 12}` },
    ...{ teamCode1: `XD_${n}`, team1: `José Núñez ${n} / Zoë Ñiño`, teamCode2: `XD_${n + 1}` },
    ...{ team2: `Maximiliano Fernández-Castellanos ${n} / Bo Lim`, team1Score: "", team2Score: "" },
  };
}

interface Measure {
  seconds: number;
  bytes: number;
  peakRss: number;
  loopP99: number;
}

async function measure(
  layout: LayoutType,
  size: number,
  frame: FrameMode,
  sheets: keyof typeof renderers,
): Promise<Measure> {
  const renderer = renderers[sheets];
  const matches = Array.from({ length: size }, (_, i) => match(i + 1));
  const runs = size <= 500 ? 5 : 2;
  let best = Number.POSITIVE_INFINITY;
  let bytes = 0;
  let peakRss = 0;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
  await renderer.render({ matches, layout, title: "Bench Open 2026", frame }); // warm-up
  loop.enable();
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const pdf = await renderer.render({ matches, layout, title: "Bench Open 2026", frame });
    best = Math.min(best, (performance.now() - start) / 1000);
    bytes = pdf.length;
  }
  loop.disable();
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  return { seconds: best, bytes, peakRss, loopP99: loop.percentile(99) / 1e6 };
}

const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;
const row = (cells: (string | number)[]) => console.log(cells.map((c) => String(c).padStart(14)).join(""));

console.log(`scoresheet benchmark: concurrency ${concurrency}, best warm run, Node ${process.version}`);
row([
  "layout",
  "sheets",
  "mode",
  "wall",
  "pages/s",
  "bytes/page",
  "peak RSS",
  "loop p99",
  "speed-up",
  "size ratio",
]);
const failures: string[] = [];
for (const size of sizes) {
  for (const layout of LAYOUT_TYPES) {
    const baseline = await measure(layout, size, "inline", "plain");
    const template = await measure(layout, size, "template", "plain");
    const withQr = await measure(layout, size, "template", "qr");
    for (const [mode, m] of [
      ["baseline", baseline],
      ["template", template],
      ["template+QR", withQr],
    ] as const) {
      const isTemplate = mode === "template";
      row([
        layout,
        size,
        mode,
        `${(m.seconds * 1000).toFixed(0)} ms`,
        (size / m.seconds).toFixed(0),
        (m.bytes / size).toFixed(0),
        mb(m.peakRss),
        `${m.loopP99.toFixed(1)} ms`,
        isTemplate ? `${(baseline.seconds / template.seconds).toFixed(2)}×` : "",
        isTemplate ? `${(baseline.bytes / template.bytes).toFixed(2)}×` : "",
      ]);
    }
    if (size === 500 && withQr.seconds >= 0.5)
      failures.push(`${layout}: 500 sheets with QR codes took ${withQr.seconds.toFixed(3)} s`);
    if (withQr.bytes / size > 2048)
      failures.push(`${layout} ${size}: ${(withQr.bytes / size).toFixed(0)} bytes per page`);
    if (baseline.seconds / template.seconds < 1.7)
      failures.push(
        `${layout} ${size}: template only ${(baseline.seconds / template.seconds).toFixed(2)}× faster`,
      );
  }
}
await Promise.all([renderers.plain.close(), renderers.qr.close()]);

const ping = await pingWhileRendering();
console.log(
  `GET /ping over h2c while the service renders ${ping.sheets}-sheet jobs (${ping.jobs} jobs, ${ping.renderMs.toFixed(0)} ms each, HTTP included): ` +
    `p50 ${ping.during.p50.toFixed(2)} ms, p99 ${ping.during.p99.toFixed(2)} ms over ${ping.during.count} pings; ` +
    `no job (baseline): p50 ${ping.quiet.p50.toFixed(2)} ms, p99 ${ping.quiet.p99.toFixed(2)} ms; ratio p99 ${(ping.during.p99 / ping.quiet.p99).toFixed(2)}`,
);
if (ping.during.p99 >= 20) failures.push(`GET /ping p99 ${ping.during.p99.toFixed(1)} ms while rendering`);
console.log(failures.length === 0 ? "all goals met" : `goals missed:\n  ${failures.join("\n  ")}`);
