import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font } from "fontkit";

/**
 * The fonts that print what WinAnsi cannot, tried in this order for each character. All are Noto
 * (SIL Open Font License) in Google Fonts' TrueType builds from their npm packages; only the
 * regular weight is read (bold is drawn by stroking the outline, see text-runs.ts).
 */
const FALLBACKS = [
  // Latin beyond WinAnsi (Ł, ř, ş, Vietnamese), Greek, Cyrillic.
  "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  // Chinese (simplified and traditional hanzi), Japanese kana.
  "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  // Hangul.
  "@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf",
  // Emoji, in outline (the colour emoji font has no outlines a PDF can embed).
  "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
] as const;

/** The number of fallback fonts; a font is named by its index in the list. */
export const FALLBACK_COUNT = FALLBACKS.length;

const require = createRequire(import.meta.url);
const loaded = new Map<number, Font>();

/** Fallback font `index`, read from its package on first use and kept for the process. */
export function fallbackFont(index: number): Font {
  let font = loaded.get(index);
  if (!font) {
    const file = FALLBACKS[index];
    if (file === undefined) throw new Error(`no fallback font ${index}`);
    font = create(readFileSync(require.resolve(file))) as Font;
    loaded.set(index, font);
  }
  return font;
}

/**
 * The first fallback font that has a glyph for `codePoint`, or undefined when none has. Fonts are
 * opened only as far down the list as needed, so a Latin name never reads the CJK fonts.
 *
 * @example
 * fontFor("李".codePointAt(0)!); // 1 (Noto Sans SC)
 */
export function fontFor(codePoint: number): number | undefined {
  for (let index = 0; index < FALLBACKS.length; index++) {
    if (fallbackFont(index).hasGlyphForCodePoint(codePoint)) return index;
  }
  return undefined;
}
