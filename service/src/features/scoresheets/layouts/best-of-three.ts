import { conduct, footer, header, infoRow, remarks, result, scoreGrid, sides, signatures } from "./blocks.ts";
import { type LayoutPlan, PlanBuilder } from "./plan.ts";

const WIDTH = 595.28;
const HEIGHT = 841.89;
const MARGIN = 28;

/** The `best-of-3` sheet: three running-score grids, games won, umpire and team captains sign. */
export function bestOfThreePlan(qr: boolean): LayoutPlan {
  const w = WIDTH - 2 * MARGIN;
  const x = MARGIN;
  const b = new PlanBuilder();
  let y = header(b, x, MARGIN, w, 54, qr) + 6;
  y =
    infoRow(b, x, y, w, [
      { caption: "Category", field: "category", share: 2.2 },
      { caption: "Round", field: "round", share: 1.6 },
      { caption: "Court", field: "court", share: 0.8 },
      { caption: "Date", field: "date", share: 1.2 },
      { caption: "Time", field: "time", share: 0.9 },
    ]) + 6;
  y =
    infoRow(
      b,
      x,
      y,
      w,
      [
        { caption: "Umpire", share: 2 },
        { caption: "Start time", share: 1 },
        { caption: "End time", share: 1 },
        { caption: "Duration", share: 1 },
        { caption: "Shuttles used", share: 1 },
      ],
      30,
    ) + 8;
  y = sides(b, x, y, w) + 10;
  for (const game of ["GAME 1", "GAME 2", "GAME 3 (if needed)"]) y = scoreGrid(b, x, y, w, game, 26) + 8;
  y = result(b, x, y + 2, w, "Games won (A – B)") + 10;
  y =
    conduct(b, x, y, w, [
      "Interval at 11, each game",
      "Ends changed after each game",
      "Ends changed at 11 in game 3",
    ]) + 10;
  const signTop = HEIGHT - MARGIN - 12 - 38;
  remarks(b, x, y, w, signTop - y - 8);
  signatures(b, x, signTop, w, ["Umpire signature", "Team captain, side A", "Team captain, side B"]);
  footer(b, x, HEIGHT - MARGIN, w);
  return b.build("best-of-3", WIDTH, HEIGHT);
}
