import { Encodings, Font, FontNames } from "@pdf-lib/standard-fonts";
import { winAnsiByte } from "./win-ansi.ts";

/** The two standard fonts the sheets use, by the resource names every document gives them. */
export const FONTS = {
  regular: { name: FontNames.Helvetica, id: "F1" },
  bold: { name: FontNames.HelveticaBold, id: "F2" },
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

let shared: FontMetrics | undefined;

/**
 * The metrics, read once per thread from the standard fonts' AFM data (`@pdf-lib/standard-fonts`).
 *
 * @example
 * fontMetrics().width("Match", "bold", 10); // ≈ 30.6
 */
export function fontMetrics(): FontMetrics {
  shared ??= loadMetrics();
  return shared;
}

function loadMetrics(): FontMetrics {
  const tables = {} as Record<FontWeight, Float64Array>;
  for (const weight of ["regular", "bold"] as const) {
    const font = Font.load(FONTS[weight].name);
    const table = new Float64Array(256);
    for (const codePoint of Encodings.WinAnsi.supportedCodePoints) {
      const byte = winAnsiByte(codePoint);
      const { name } = Encodings.WinAnsi.encodeUnicodeCodePoint(codePoint);
      if (byte !== undefined) table[byte] = font.getWidthOfGlyph(name) ?? 0;
    }
    tables[weight] = table;
  }
  const capHeight = (Font.load(FONTS.regular.name).CapHeight ?? 718) / 1000;
  return {
    capHeight,
    width(text, weight, size) {
      const table = tables[weight];
      let units = 0;
      for (const char of text) units += table[winAnsiByte(char.codePointAt(0)!) ?? 0x3f] ?? 0;
      return (units * size) / 1000;
    },
  };
}
