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
 * Text as it is printed: composed (NFC), whitespace and control characters outside WinAnsi as one
 * space, and the invisible characters that only steer others (joiners, variation selectors,
 * skin-tone modifiers: they need a shaping engine) left out. WinAnsi characters stay as they are.
 *
 * @example
 * printable("Jose\u0301\r\n\tBo 👍🏽"); // "José Bo 👍"
 */
export function printable(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (winAnsiByte(char.codePointAt(0)!) !== undefined) out += char;
    else if (/[\s\p{Cc}]/u.test(char)) out += " ";
    else if (!/[\p{Default_Ignorable_Code_Point}\p{Emoji_Modifier}]/u.test(char)) out += char;
  }
  return out.replace(/ {2,}/g, " ");
}

/**
 * Makes text printable with the standard Helvetica fonts alone: WinAnsi characters stay, and the
 * others become their {@link winAnsiFallback}.
 *
 * @example
 * toWinAnsi("José Núñez · Łukasz 李"); // "José Núñez · Lukasz ?"
 */
export function toWinAnsi(text: string): string {
  return winAnsiText(printable(text));
}

/** Printable text (see {@link printable}) with each character WinAnsi lacks replaced by its {@link winAnsiFallback}. */
export function winAnsiText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let out = "";
  for (const char of text)
    out += winAnsiByte(char.codePointAt(0)!) === undefined ? winAnsiFallback(char) : char;
  return out;
}

/**
 * What WinAnsi prints for a character it lacks and no embedded font has: the letter without the
 * accents WinAnsi lacks, an obvious plain-Latin reading, or "?".
 *
 * @example
 * winAnsiFallback("ř"); // "r"
 */
export function winAnsiFallback(char: string): string {
  const fallback = FALLBACK[char];
  if (fallback) return fallback;
  const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
  const printable = base !== "" && [...base].every((c) => winAnsiByte(c.codePointAt(0)!) !== undefined);
  return printable ? base : "?";
}

/**
 * A PDF literal string `( … )` of WinAnsi bytes for text already made of WinAnsi characters.
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
