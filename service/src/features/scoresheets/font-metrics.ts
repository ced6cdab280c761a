import PDFDocument from "pdfkit";
import { winAnsiByte } from "./win-ansi.ts";

/** The two standard fonts the sheets use, by the resource names every document gives them. */
export const FONTS = {
  regular: { name: "Helvetica", id: "F1" },
  bold: { name: "Helvetica-Bold", id: "F2" },
} as const;

/** Which of {@link FONTS}. */
export type FontWeight = keyof typeof FONTS;

/** Glyph widths of the standard fonts, in 1/1000 of the font size, without kerning (text is drawn with `Tj`). */
export interface FontMetrics {
  /** Width in points of WinAnsi-safe `text` at `size`. */
  width(text: string, weight: FontWeight, size: number): number;
  /** Distance from the baseline to the top of capitals, per point of size. */
  readonly capHeight: number;
}

interface AfmFont {
  characterToGlyph(code: number): string;
  widthOfGlyph(glyph: string): number;
}

let shared: FontMetrics | undefined;

/**
 * The metrics, read once per thread from pdfkit's bundled AFM files.
 *
 * @example
 * fontMetrics().width("Match", "bold", 10); // ≈ 30.6
 */
export function fontMetrics(): FontMetrics {
  shared ??= loadMetrics();
  return shared;
}

/**
 * Registers the fonts in a pdfkit document in the fixed order that makes pdfkit name them
 * F1 and F2, the names the page content and the frame refer to.
 */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const font of [FONTS.regular, FONTS.bold]) {
    doc.font(font.name);
    const id = (doc as unknown as { _font: { id: string } })._font.id;
    if (id !== font.id) throw new Error(`pdfkit named ${font.name} ${id}, expected ${font.id}`);
  }
}

function loadMetrics(): FontMetrics {
  const doc = new PDFDocument({ autoFirstPage: false });
  const tables = {} as Record<FontWeight, Float64Array>;
  for (const weight of ["regular", "bold"] as const) {
    doc.font(FONTS[weight].name);
    const afm = (doc as unknown as { _font: { font: AfmFont } })._font.font;
    const table = new Float64Array(256);
    for (let code = 0x20; code <= 0xffff; code++) {
      const byte = winAnsiByte(code);
      if (byte !== undefined) table[byte] = afm.widthOfGlyph(afm.characterToGlyph(code));
    }
    tables[weight] = table;
  }
  return {
    capHeight: 0.718,
    width(text, weight, size) {
      const table = tables[weight];
      let units = 0;
      for (const char of text) units += table[winAnsiByte(char.codePointAt(0)!) ?? 0x3f] ?? 0;
      return (units * size) / 1000;
    },
  };
}
