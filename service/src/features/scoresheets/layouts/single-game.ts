import { conduct, footer, header, infoRow, remarks, result, scoreGrid, sides, signatures } from "./blocks.ts";
import { type LayoutPlan, PlanBuilder } from "./plan.ts";

const A4 = { short: 595.28, long: 841.89 };
const MARGIN = 28;

/**
 * The one-game sheets: `standard` (referee, umpire and service-judge fields; umpire and referee sign),
 * `no-referee` (team captains sign) and `no-referee-wide` (landscape, wider rally-point cells).
 */
export function singleGamePlan(type: "standard" | "no-referee" | "no-referee-wide", qr: boolean): LayoutPlan {
  const wide = type === "no-referee-wide";
  const officials = type === "standard";
  const width = wide ? A4.long : A4.short;
  const height = wide ? A4.short : A4.long;
  const w = width - 2 * MARGIN;
  const x = MARGIN;
  const b = new PlanBuilder();
  let y = header(b, x, MARGIN, w, wide ? 50 : 54, qr) + 6;
  const when = [
    { caption: "Category", field: "category", share: 2.2 },
    { caption: "Round", field: "round", share: 1.6 },
    { caption: "Court", field: "court", share: 0.8 },
    { caption: "Date", field: "date", share: 1.2 },
    { caption: "Time", field: "time", share: 0.9 },
  ] as const;
  const times = [
    { caption: "Start time", share: 1 },
    { caption: "End time", share: 1 },
    { caption: "Duration", share: 1 },
    { caption: "Shuttles used", share: 1 },
  ];
  if (wide) y = infoRow(b, x, y, w, [...when, ...times.map((t) => ({ ...t, share: 0.9 }))]) + 6;
  else y = infoRow(b, x, infoRow(b, x, y, w, [...when]) + 6, w, times, 30) + 6;
  if (officials) {
    y =
      infoRow(b, x, y, w, [
        { caption: "Referee", field: "referee", share: 1 },
        { caption: "Umpire", share: 1 },
        { caption: "Service judge", share: 1 },
      ]) + 8;
  }
  y = sides(b, x, y, w, wide ? 88 : 92) + 12;
  y = scoreGrid(b, x, y, w, "RUNNING SCORE", wide ? 38 : 40) + 12;
  y = result(b, x, y, w, "Final score (A – B)") + 10;
  y = conduct(b, x, y, w, ["Interval taken at 11", "Ends changed at 11"]) + 10;
  const signTop = height - MARGIN - 12 - 38;
  remarks(b, x, y, w, signTop - y - 8);
  const names = officials
    ? ["Umpire signature", "Referee signature"]
    : ["Team captain, side A", "Team captain, side B", "Tournament official"];
  signatures(b, x, signTop, w, names);
  footer(b, x, height - MARGIN, w);
  return b.build(type, width, height);
}
