// Test helpers shared by the scoresheet tests: reading a produced PDF back with pdfjs.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Match } from "../../src/features/scoresheets/types.ts";

/** One text run of a page (spaces between fonts included), with its font size and where it starts (PDF units, from the bottom left). */
export interface TextRun {
  text: string;
  size: number;
  x: number;
  y: number;
}

/** The text runs of every page of a PDF, in page order. */
export async function pdfPages(pdf: Uint8Array): Promise<TextRun[][]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages: TextRun[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if ("str" in item && item.str !== "")
          runs.push({
            text: item.str,
            size: Math.hypot(item.transform[2], item.transform[3]),
            x: item.transform[4],
            y: item.transform[5],
          });
      }
      pages.push(runs);
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** A page's text runs as a set of strings, blank ones left out. */
export function texts(runs: TextRun[]): Set<string> {
  return new Set(runs.map((run) => run.text).filter((text) => text.trim() !== ""));
}

/**
 * A page's text a line at a time: the runs on one baseline joined left to right. A name printed in
 * two fonts (Helvetica and an embedded one) comes back as one string.
 */
export function lines(runs: TextRun[]): string[] {
  const byLine = new Map<number, TextRun[]>();
  for (const run of runs) byLine.set(Math.round(run.y), [...(byLine.get(Math.round(run.y)) ?? []), run]);
  return [...byLine.values()].map((line) =>
    line
      .sort((a, b) => a.x - b.x)
      .map((run) => run.text)
      .join(""),
  );
}

/** A match with every column filled, numbered `n`. */
export function sampleMatch(n: number, overrides: Partial<Match> = {}): Match {
  return {
    matchNumber: String(n),
    date: "2026-11-22",
    time: "09:30",
    court: String((n % 6) + 1),
    category: "Mixed Doubles Open",
    round: "Round of 16",
    teamCode1: `XD_${n}`,
    team1: `Player A${n} / Player B${n}`,
    teamCode2: `XD_${n + 100}`,
    team2: `Player C${n} / Player D${n}`,
    team1Score: "",
    team2Score: "",
    referee: `Referee ${n}`,
    facility: "",
    ...overrides,
  };
}

/** A page rendered to pixels (RGBA, row by row), as a phone's camera would see the printed sheet. */
export interface PageImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

interface NodeCanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: unknown;
    context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
  };
}

/** Renders page `n` (1-based) of a PDF at `dpi` with pdfjs (its Node canvas). */
export async function renderPage(pdf: Uint8Array, n: number, dpi = 150): Promise<PageImage> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const { canvas, context } = (doc.canvasFactory as NodeCanvasFactory).create(width, height);
    await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<
      typeof page.render
    >[0]).promise;
    return { data: new Uint8ClampedArray(context.getImageData(0, 0, width, height).data), width, height };
  } finally {
    await doc.destroy();
  }
}
