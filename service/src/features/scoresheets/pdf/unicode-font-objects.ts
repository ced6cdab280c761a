import { deflateSync } from "node:zlib";
import { streamObject } from "./pdf-objects.ts";
import type { EmbeddedFont } from "./unicode-fonts.ts";

/** The number of PDF objects one embedded font takes (see {@link unicodeFontObjects}). */
export const OBJECTS_PER_FONT = 5;

/**
 * One embedded subset font as PDF objects numbered from `first`: the Type 0 font the pages name,
 * its CIDFontType2 (two-byte glyph ids, Identity-H, widths), the descriptor, the TrueType file,
 * and the ToUnicode map that lets a reader copy and search the names (PDF 32000-1, 9.7 and 9.10).
 *
 * @example
 * unicodeFontObjects(font, 1208).map((o) => o.id); // [1208, 1209, 1210, 1211, 1212]
 */
export function unicodeFontObjects(font: EmbeddedFont, first: number): { id: number; bytes: Buffer[] }[] {
  const [type0, cidFont, descriptor, file, toUnicode] = [0, 1, 2, 3, 4].map((i) => first + i) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const object = (id: number, body: string) => ({
    id,
    bytes: [Buffer.from(`${id} 0 obj\n${body}\nendobj\n`, "latin1")],
  });
  return [
    object(
      type0,
      `<</Type/Font/Subtype/Type0/BaseFont/${font.baseFont}/Encoding/Identity-H` +
        `/DescendantFonts[${cidFont} 0 R]/ToUnicode ${toUnicode} 0 R>>`,
    ),
    object(
      cidFont,
      `<</Type/Font/Subtype/CIDFontType2/BaseFont/${font.baseFont}` +
        `/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor ${descriptor} 0 R` +
        `/DW 1000/W[0[${font.widths.join(" ")}]]/CIDToGIDMap/Identity>>`,
    ),
    object(
      descriptor,
      `<</Type/FontDescriptor/FontName/${font.baseFont}/Flags 4/FontBBox[${font.bbox.join(" ")}]` +
        `/ItalicAngle 0/Ascent ${font.ascent}/Descent ${font.descent}/CapHeight ${font.capHeight}` +
        `/StemV 80/FontFile2 ${file} 0 R>>`,
    ),
    { id: file, bytes: streamObject(file, `/Length1 ${font.file.length}`, deflateSync(font.file)) },
    { id: toUnicode, bytes: streamObject(toUnicode, "", deflateSync(toUnicodeCMap(font.unicodes))) },
  ];
}

/** The ToUnicode CMap: each glyph id to its code point in UTF-16BE, at most 100 a block. */
function toUnicodeCMap(unicodes: number[]): Buffer {
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(4, "0");
  const utf16 = (codePoint: number) =>
    Buffer.from(String.fromCodePoint(codePoint), "utf16le").swap16().toString("hex").toUpperCase();
  const entries = unicodes.flatMap((codePoint, gid) =>
    codePoint > 0 ? [`<${hex(gid)}> <${utf16(codePoint)}>`] : [],
  );
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join("\n")}\nendbfchar`);
  }
  return Buffer.from(
    [
      "/CIDInit /ProcSet findresource begin",
      "12 dict begin",
      "begincmap",
      "/CIDSystemInfo <</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def",
      "/CMapName /Adobe-Identity-UCS def",
      "/CMapType 2 def",
      "1 begincodespacerange",
      "<0000> <FFFF>",
      "endcodespacerange",
      ...blocks,
      "endcmap",
      "CMapName currentdict /CMap defineresource pop",
      "end",
      "end",
    ].join("\n"),
    "latin1",
  );
}
