// WinAnsiEncoding's 0x80–0x9F block: the only codes whose Unicode code point differs from the byte.
// biome-ignore format: a byte table reads best as a table
const HIGH_BLOCK: Record<number, number> = {
  8364: 0x80, 8218: 0x82, 402: 0x83, 8222: 0x84, 8230: 0x85, 8224: 0x86, 8225: 0x87,
  710: 0x88, 8240: 0x89, 352: 0x8a, 8249: 0x8b, 338: 0x8c, 381: 0x8e, 8216: 0x91,
  8217: 0x92, 8220: 0x93, 8221: 0x94, 8226: 0x95, 8211: 0x96, 8212: 0x97, 732: 0x98,
  8482: 0x99, 353: 0x9a, 8250: 0x9b, 339: 0x9c, 382: 0x9e, 376: 0x9f,
};

// Letters that Unicode does not decompose but that have an obvious plain-Latin reading.
const FALLBACK: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ı: "i", ħ: "h", Ħ: "H" };

/** The WinAnsi byte of a code point, or undefined when WinAnsi cannot show it. */
export function winAnsiByte(codePoint: number): number | undefined {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  return HIGH_BLOCK[codePoint];
}

/**
 * Makes text printable with the standard Helvetica fonts: WinAnsi characters stay, accents
 * that WinAnsi lacks are dropped from their letter, whitespace and control characters become
 * one space, anything else becomes "?".
 *
 * @example
 * toWinAnsi("José Núñez · Łukasz 李"); // "José Núñez · Lukasz ?"
 */
export function toWinAnsi(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (winAnsiByte(code) !== undefined) out += char;
    else if (/[\s\p{Cc}]/u.test(char)) out += " ";
    else out += replacement(char);
  }
  return out.replace(/ {2,}/g, " ");
}

function replacement(char: string): string {
  const fallback = FALLBACK[char];
  if (fallback) return fallback;
  const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
  const printable = base !== "" && [...base].every((c) => winAnsiByte(c.codePointAt(0)!) !== undefined);
  return printable ? base : "?";
}

/**
 * A PDF literal string `( … )` of WinAnsi bytes for text already passed through {@link toWinAnsi}.
 *
 * @example
 * pdfLiteral("Ñiño (A)"); // "(\\321i\\361o \\(A\\))"
 */
export function pdfLiteral(text: string): string {
  let out = "(";
  for (const char of text) {
    const byte = winAnsiByte(char.codePointAt(0)!) ?? 0x3f;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${char}`;
    else if (byte < 0x80) out += char;
    else out += `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return `${out})`;
}
