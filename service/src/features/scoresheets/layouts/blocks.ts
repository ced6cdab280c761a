import type { PlanBuilder, SheetFields } from "./plan.ts";

// Each block draws one band of a sheet at (x, y) across width w and returns the y below it.

/** A cell of an info row: its caption, the field printed in it (none: written by hand) and its share of the width. */
export interface InfoCell {
  caption: string;
  field?: keyof SheetFields;
  share: number;
}

/**
 * Event title band and the match-number box. With `qr`, a white square as tall as the band sits
 * between them for the match's QR code: nothing is written there, and the gaps around it are the
 * code's quiet zone.
 */
export function header(b: PlanBuilder, x: number, y: number, w: number, h: number, qr: boolean): number {
  const numberW = 112;
  const gap = 8;
  const titleW = w - numberW - gap - (qr ? h + gap : 0);
  if (qr) b.qrArea(x + titleW + gap, y, h);
  b.rect(x, y, titleW, h, 1.2, 0.93);
  b.label("EVENT", x + 6, y + 10, 100, { size: 6, weight: "bold", gray: 0.4 });
  b.label("BADMINTON SCORESHEET", x + 6, y + 10, titleW - 12, {
    size: 6,
    weight: "bold",
    gray: 0.4,
    align: "right",
  });
  b.slot("title", x + 8, y + h - 15, titleW - 16, { size: 17, minSize: 8 });
  b.rect(x + w - numberW, y, numberW, h, 1.8);
  b.label("MATCH NO.", x + w - numberW + 6, y + 10, numberW - 12, { size: 6, weight: "bold", gray: 0.4 });
  b.slot("matchNumber", x + w - numberW + 6, y + h - 12, numberW - 12, {
    size: 26,
    minSize: 9,
    align: "center",
  });
  return y + h;
}

/** A row of boxed fields sharing their borders. */
export function infoRow(b: PlanBuilder, x: number, y: number, w: number, cells: InfoCell[], h = 34): number {
  const total = cells.reduce((sum, cell) => sum + cell.share, 0);
  let left = x;
  for (const cell of cells) {
    const cellW = (w * cell.share) / total;
    b.field(left, y, cellW, h, cell.caption, cell.field, { size: 11, minSize: 6 });
    left += cellW;
  }
  return y + h;
}

/** Both sides: team code and up to two player lines each, with toss and service ticks. */
export function sides(b: PlanBuilder, x: number, y: number, w: number, h = 92): number {
  const gap = 28;
  const boxW = (w - gap) / 2;
  const sidesData = [
    { caption: "SIDE A", code: "teamCode1", first: "team1First", second: "team1Second" },
    { caption: "SIDE B", code: "teamCode2", first: "team2First", second: "team2Second" },
  ] as const;
  sidesData.forEach((side, i) => {
    const left = x + i * (boxW + gap);
    b.rect(left, y, boxW, h, 1.2);
    b.rect(left, y, boxW, 14, 0, 0.15);
    b.label(side.caption, left + 6, y + 10, 60, { size: 7.5, weight: "bold", gray: 1 });
    b.label("TEAM CODE", left + 60, y + 10, boxW - 66, {
      size: 5.8,
      weight: "bold",
      gray: 0.75,
      align: "right",
    });
    b.slot(side.code, left + 6, y + 31, boxW - 12, { size: 13, minSize: 7 });
    b.line(left + 6, y + 37, left + boxW - 6, y + 37, 0.4, 0.7);
    b.slot(side.first, left + 6, y + 52, boxW - 12, { size: 12, minSize: 6, weight: "regular" });
    b.slot(side.second, left + 6, y + 68, boxW - 12, { size: 12, minSize: 6, weight: "regular" });
    b.line(left, y + h - 16, left + boxW, y + h - 16, 0.5, 0.6);
    b.checkbox(left + 6, y + h - 12, "Won toss");
    b.checkbox(left + 76, y + h - 12, "Serves first");
    b.checkbox(left + 158, y + h - 12, "Chose end");
  });
  b.label("VS", x + boxW, y + h / 2 + 4, gap, { size: 11, weight: "bold", align: "center", gray: 0.3 });
  return y + h;
}

/** One game's running score: a row per side with the rally points 1–30 to strike, and the game score box. */
export function scoreGrid(
  b: PlanBuilder,
  x: number,
  y: number,
  w: number,
  game: string,
  rowH: number,
): number {
  const labelW = 74;
  const serveW = 18;
  const scoreW = 44;
  const cellW = (w - labelW - serveW - scoreW) / 30;
  b.label(game, x, y + 8, 200, { size: 8, weight: "bold" });
  b.label("Strike each point as it is won", x + labelW, y + 8, cellW * 30 + serveW, {
    size: 6.5,
    gray: 0.4,
    align: "right",
  });
  b.label("SCORE", x + w - scoreW, y + 8, scoreW, { size: 5.8, weight: "bold", gray: 0.4, align: "center" });
  const top = y + 12;
  const rows = [
    { caption: "SIDE A", code: "teamCode1" },
    { caption: "SIDE B", code: "teamCode2" },
  ] as const;
  rows.forEach((row, r) => {
    const rowY = top + r * rowH;
    b.rect(x, rowY, labelW, rowH, 0.75, 0.96);
    b.label(row.caption, x + 4, rowY + 8, labelW - 8, { size: 5.5, weight: "bold", gray: 0.45 });
    b.slot(row.code, x + 4, rowY + rowH - 6, labelW - 8, { size: 9, minSize: 5 });
    b.rect(x + labelW, rowY, serveW, rowH, 0.75);
    b.label("S/R", x + labelW, rowY + 6.5, serveW, { size: 4.5, gray: 0.55, align: "center" });
    for (let point = 1; point <= 30; point++) {
      const cellX = x + labelW + serveW + (point - 1) * cellW;
      b.rect(cellX, rowY, cellW, rowH, 0.5, point % 5 === 0 ? 0.9 : undefined);
      b.label(String(point), cellX, rowY + rowH / 2 + 2.6, cellW, { size: 7.5, gray: 0.55, align: "center" });
    }
    b.rect(x + w - scoreW, rowY, scoreW, rowH, 1.6);
  });
  b.rect(x, top, w, rowH * 2, 1.2);
  return top + rowH * 2;
}

/** Winner, final score (two boxes) and the ways a match can end early. */
export function result(
  b: PlanBuilder,
  x: number,
  y: number,
  w: number,
  scoreCaption: string,
  h = 46,
): number {
  const winnerW = w * 0.46;
  const scoreW = w * 0.24;
  b.field(x, y, winnerW, h, "Winner (side and team code)");
  b.field(x + winnerW, y, scoreW, h, scoreCaption);
  const boxW = 30;
  const mid = x + winnerW + scoreW / 2;
  b.rect(mid - 10 - boxW, y + 13, boxW, h - 18, 1.2);
  b.rect(mid + 10, y + 13, boxW, h - 18, 1.2);
  b.line(mid - 5, y + 13 + (h - 18) / 2, mid + 5, y + 13 + (h - 18) / 2, 1.4, 0.3);
  const endX = x + winnerW + scoreW;
  b.field(endX, y, w - winnerW - scoreW, h, "Match ended by");
  b.checkbox(endX + 6, y + 16, "Retired");
  b.checkbox(endX + 6, y + 30, "Walkover");
  b.checkbox(endX + 70, y + 16, "Disqualified");
  b.checkbox(endX + 70, y + 30, "Not played");
  return y + h;
}

/** Misconduct cards per side (BWF: warning, fault, disqualification) and the interval ticks. */
export function conduct(
  b: PlanBuilder,
  x: number,
  y: number,
  w: number,
  intervals: string[],
  rowH = 18,
): number {
  const tableW = w * 0.7;
  const sideW = 58;
  const columns = ["Warning (yellow)", "Fault (red)", "Disqualified (black)", "Injury / medical"];
  const colW = (tableW - sideW) / columns.length;
  b.rect(x, y, tableW, 14, 0, 0.15);
  b.label("MISCONDUCT", x + 4, y + 10, sideW - 4, { size: 6, weight: "bold", gray: 1 });
  columns.forEach((column, i) => {
    b.label(column.toUpperCase(), x + sideW + i * colW, y + 10, colW, {
      size: 5.8,
      weight: "bold",
      gray: 1,
      align: "center",
    });
  });
  ["SIDE A", "SIDE B"].forEach((side, r) => {
    const rowY = y + 14 + r * rowH;
    b.rect(x, rowY, sideW, rowH, 0.75, 0.96);
    b.label(side, x + 4, rowY + rowH / 2 + 2.2, sideW - 8, { size: 6.5, weight: "bold", gray: 0.35 });
    for (let i = 0; i < columns.length; i++) b.rect(x + sideW + i * colW, rowY, colW, rowH, 0.5);
  });
  b.rect(x, y, tableW, 14 + 2 * rowH, 1);
  const boxX = x + tableW + 8;
  const h = 14 + 2 * rowH;
  b.field(boxX, y, w - tableW - 8, h, "Intervals and ends");
  intervals.forEach((interval, i) => {
    b.checkbox(boxX + 6, y + 14 + i * 12, interval);
  });
  return y + h;
}

/** A ruled box for remarks. */
export function remarks(b: PlanBuilder, x: number, y: number, w: number, h: number): number {
  b.field(x, y, w, h, "Remarks (interruptions, shuttle changes, injuries, other incidents)");
  for (let lineY = y + 30; lineY < y + h - 6; lineY += 18) b.line(x + 6, lineY, x + w - 6, lineY, 0.4, 0.78);
  return y + h;
}

/** Signature lines with their captions below. */
export function signatures(b: PlanBuilder, x: number, y: number, w: number, names: string[], h = 38): number {
  const gap = 24;
  const lineW = (w - gap * (names.length - 1)) / names.length;
  names.forEach((name, i) => {
    const left = x + i * (lineW + gap);
    b.line(left, y + h - 12, left + lineW, y + h - 12, 0.75);
    b.label(name, left, y + h - 3, lineW, { size: 7, gray: 0.3 });
  });
  return y + h;
}

/** The reminder printed at the foot of every sheet. */
export function footer(b: PlanBuilder, x: number, y: number, w: number): void {
  b.label(
    "S / R: mark S for the side serving first and R for the receiving side. Game scores go in the SCORE boxes.",
    x,
    y,
    w,
    { size: 6, gray: 0.45, align: "center" },
  );
}
