import { Encodings } from "@pdf-lib/standard-fonts";

/** WinAnsiEncoding's byte for each code point it can show (pdf-lib's table of the PDF reference). */
const BYTES = new Map(
  Encodings.WinAnsi.supportedCodePoints.map((codePoint) => [
    codePoint,
    Encodings.WinAnsi.encodeUnicodeCodePoint(codePoint).code,
  ]),
);

// Letters that Unicode does not decompose but that have an obvious plain-Latin reading.
const FALLBACK: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ı: "i", ħ: "h", Ħ: "H" };

/** The WinAnsi byte of a code point, or undefined when WinAnsi cannot show it. */
export function winAnsiByte(codePoint: number): number | undefined {
  return codePoint < 0x20 ? undefined : BYTES.get(codePoint);
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
