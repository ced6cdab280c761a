import { createHash } from "node:crypto";
import { fallbackFont, fontFor } from "./fallback-fonts.ts";

/**
 * Where a character outside WinAnsi is printed: its fallback font (resource `U<font>`), its glyph
 * id in that font's subset, and its advance width in 1/1000 of the font size.
 */
export interface UnicodeGlyph {
  font: number;
  gid: number;
  width: number;
}

/** One embedded subset font, as the PDF writer needs it. */
export interface EmbeddedFont {
  /** The name in the pages' font resources, `U<fallback index>`. */
  resource: string;
  /** The subset's PostScript name with its tag, `ABCDEF+NotoSansSC-Regular`. */
  baseFont: string;
  /** The subset TrueType font. */
  file: Uint8Array;
  /** Advance widths by subset glyph id, in 1/1000 em. */
  widths: number[];
  /** The code point each subset glyph prints (0 for none), for copying and searching the text. */
  unicodes: number[];
  /** Ascent, descent, cap height and bounding box, in 1/1000 em. */
  ascent: number;
  descent: number;
  capHeight: number;
  bbox: [number, number, number, number];
}

/** The glyphs a document prints outside WinAnsi, and the subset fonts that hold them. */
export interface UnicodeFonts {
  glyphs: Map<number, UnicodeGlyph>;
  fonts: EmbeddedFont[];
}

/**
 * Subsets the fallback fonts to the code points a document needs (each from the first font that
 * has it); a code point no font has is left out, and is printed as WinAnsi's nearest (see
 * win-ansi.ts). Glyph ids follow the code points' order, so one set of names gives one font.
 *
 * @example
 * const { glyphs, fonts } = embedUnicodeFonts(new Set([0x674e, 0xae40]));
 * glyphs.get(0x674e); // { font: 1, gid: 1, width: 1000 }
 * fonts.map((f) => f.resource); // ["U1", "U2"]
 */
export function embedUnicodeFonts(codePoints: Iterable<number>): UnicodeFonts {
  const byFont = new Map<number, number[]>();
  for (const codePoint of [...codePoints].sort((a, b) => a - b)) {
    const font = fontFor(codePoint);
    if (font !== undefined) byFont.set(font, [...(byFont.get(font) ?? []), codePoint]);
  }
  const glyphs = new Map<number, UnicodeGlyph>();
  const fonts: EmbeddedFont[] = [];
  for (const [index, points] of [...byFont].sort(([a], [b]) => a - b)) {
    const font = fallbackFont(index);
    const scale = 1000 / font.unitsPerEm;
    const subset = font.createSubset();
    const widths = [Math.round(font.getGlyph(0).advanceWidth * scale)];
    const unicodes = [0];
    for (const codePoint of points) {
      const glyph = font.glyphForCodePoint(codePoint);
      // fontkit answers the glyph's id in the subset (its type says boolean).
      const gid = subset.includeGlyph(glyph) as unknown as number;
      const width = Math.round(glyph.advanceWidth * scale);
      widths[gid] = width;
      unicodes[gid] ??= codePoint;
      glyphs.set(codePoint, { font: index, gid, width });
    }
    const tag = subsetTag(font.postscriptName, points);
    fonts.push({
      resource: `U${index}`,
      baseFont: `${tag}+${font.postscriptName}`,
      file: subset.encode(),
      widths,
      unicodes,
      ascent: Math.round(font.ascent * scale),
      descent: Math.round(font.descent * scale),
      capHeight: Math.round((font.capHeight || font.ascent) * scale),
      bbox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map((v) =>
        Math.round(v * scale),
      ) as [number, number, number, number],
    });
  }
  return { glyphs, fonts };
}

/** The six capital letters that name a subset (PDF 32000-1, 9.6.4), from what it holds. */
function subsetTag(name: string, codePoints: number[]): string {
  const digest = createHash("sha256")
    .update(`${name}:${codePoints.join(",")}`)
    .digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
}
