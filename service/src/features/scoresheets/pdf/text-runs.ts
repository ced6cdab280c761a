import { FONTS, type FontMetrics, type FontWeight } from "./font-metrics.ts";
import type { UnicodeGlyph } from "./unicode-fonts.ts";
import { pdfLiteral, printable, winAnsiByte, winAnsiText } from "./win-ansi.ts";

/** A stretch of text in one font: WinAnsi in the standard fonts, or glyphs of one embedded font. */
type Run = { font: "standard"; text: string } | { font: number; glyphs: UnicodeGlyph[] };

/** Stroke width that makes a regular outline read as bold, per point of size. */
const BOLD_STROKE = 0.035;

/**
 * The code points WinAnsi lacks in `texts` as they are printed (see `printable`): what the
 * document's embedded fonts must hold.
 *
 * @example
 * codePointsBeyondWinAnsi(["José", "李娜"]); // Set { 0x674e, 0x5a1c }
 */
export function codePointsBeyondWinAnsi(texts: Iterable<string>): Set<number> {
  const found = new Set<number>();
  for (const text of texts) {
    if (/^[\x20-\x7e]*$/.test(text)) continue;
    for (const char of printable(text)) {
      const codePoint = char.codePointAt(0)!;
      if (winAnsiByte(codePoint) === undefined) found.add(codePoint);
    }
  }
  return found;
}

/** Measures and draws printed text in a document's fonts. */
export interface SheetText extends FontMetrics {
  /**
   * The operators that set the font and show `text` at `size`, with `position` (a `Tm`) after the
   * first font: `/F1 12 Tf 1 0 0 -1 40 80 Tm (Ana) Tj`.
   */
  show(text: string, weight: FontWeight, size: number, position: string): string;
}

/**
 * Text in the standard fonts where WinAnsi has the character, and in the document's embedded
 * fonts (`glyphs`) where it has not; a character neither has is printed as its WinAnsi fallback.
 * Text that is all WinAnsi is drawn exactly as without embedded fonts.
 *
 * @example
 * sheetText(fontMetrics(), glyphs).show("Li 李", "regular", 12, "1 0 0 -1 40 80 Tm");
 * // "/F1 12 Tf 1 0 0 -1 40 80 Tm (Li ) Tj /U1 12 Tf <0001> Tj"
 */
export function sheetText(metrics: FontMetrics, glyphs: ReadonlyMap<number, UnicodeGlyph>): SheetText {
  const runsOf = (text: string): Run[] => {
    if (glyphs.size === 0) return [{ font: "standard", text: winAnsiText(text) }];
    const runs: Run[] = [];
    for (const char of text) {
      const glyph = glyphs.get(char.codePointAt(0)!);
      const last = runs.at(-1);
      if (glyph) {
        if (last && last.font === glyph.font) last.glyphs.push(glyph);
        else runs.push({ font: glyph.font, glyphs: [glyph] });
      } else {
        const shown = winAnsiText(char);
        if (last?.font === "standard") last.text += shown;
        else runs.push({ font: "standard", text: shown });
      }
    }
    return runs;
  };
  return {
    capHeight: metrics.capHeight,
    width(text, weight, size) {
      let width = 0;
      for (const run of runsOf(text)) {
        if (run.font === "standard") width += metrics.width(run.text, weight, size);
        else for (const glyph of run.glyphs) width += (glyph.width * size) / 1000;
      }
      return width;
    },
    show(text, weight, size, position) {
      const parts = runsOf(text).map((run) => {
        if (run.font === "standard")
          return [`/${FONTS[weight].id} ${num(size)} Tf`, `${pdfLiteral(run.text)} Tj`];
        const hex = run.glyphs.map((glyph) => glyph.gid.toString(16).padStart(4, "0")).join("");
        const font = `/U${run.font} ${num(size)} Tf`;
        // Only the regular weights are embedded: bold is the outline filled and stroked.
        if (weight === "bold") return [`${font} 2 Tr ${num(size * BOLD_STROKE)} w`, `<${hex}> Tj 0 Tr`];
        return [font, `<${hex}> Tj`];
      });
      return parts
        .map(([font, shown], i) => (i === 0 ? `${font} ${position} ${shown}` : `${font} ${shown}`))
        .join(" ");
    },
  };
}

function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}
