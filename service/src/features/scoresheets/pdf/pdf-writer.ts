import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import type { LayoutPlan } from "../layouts/index.ts";
import { FRAME_XOBJECT } from "../page-content.ts";
import type { FrameMode } from "../types.ts";
import { FONTS } from "./font-metrics.ts";
import { frameTemplate } from "./frame-content.ts";
import { FIRST_PAGE_OBJECT, OBJECT, pageObjects, type SerializedPages, streamObject } from "./pdf-objects.ts";
import { OBJECTS_PER_FONT, unicodeFontObjects } from "./unicode-font-objects.ts";
import type { EmbeddedFont } from "./unicode-fonts.ts";

/**
 * Writes the one output PDF as the workers' chunks arrive, in any order. The workers send their
 * pages already serialized (numbers fixed in advance, see pdf-objects.ts), so this thread only
 * appends bytes and records offsets: it stays free for other requests during a big job. The frame
 * is one Form XObject in one resource dictionary that every page shares, with the embedded subset
 * fonts (numbered after the pages) when the sheets print characters outside WinAnsi.
 */
export class PdfWriter {
  private readonly parts: Buffer[] = [];
  private readonly offsets: number[] = [];
  private length = 0;
  private added = 0;

  private readonly pageCount: number;
  private readonly objectCount: number;

  constructor(
    plan: LayoutPlan,
    pageCount: number,
    options: { title: string; frame: FrameMode; fonts?: readonly EmbeddedFont[] },
  ) {
    this.pageCount = pageCount;
    const embedded = options.fonts ?? [];
    const firstFontObject = FIRST_PAGE_OBJECT + 2 * pageCount;
    this.objectCount = firstFontObject + OBJECTS_PER_FONT * embedded.length;
    this.append([Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")]);
    this.object(
      OBJECT.info,
      `<</Title ${pdfText(options.title || "Scoresheets")}/Creator (tournament operations service)>>`,
    );
    this.object(OBJECT.regularFont, fontDictionary(FONTS.regular.name));
    this.object(OBJECT.boldFont, fontDictionary(FONTS.bold.name));
    const standard = `/${FONTS.regular.id} ${OBJECT.regularFont} 0 R/${FONTS.bold.id} ${OBJECT.boldFont} 0 R`;
    let unicode = "";
    embedded.forEach((font, i) => {
      const objects = unicodeFontObjects(font, firstFontObject + OBJECTS_PER_FONT * i);
      for (const { id, bytes } of objects) {
        this.offsets[id] = this.length;
        this.append(bytes);
      }
      unicode += `/${font.resource} ${objects[0]!.id} 0 R`;
    });
    // The frame draws only the standard fonts' labels; the pages also print the embedded ones.
    const fonts = `/Font<<${standard}>>`;
    const pageFonts = `/Font<<${standard}${unicode}>>`;
    if (options.frame === "template") {
      this.offsets[OBJECT.frame] = this.length;
      const form = `/Type/XObject/Subtype /Form/FormType 1/BBox[0 0 ${plan.width} ${plan.height}]/Resources<<${fonts}>>`;
      this.append(streamObject(OBJECT.frame, form, deflateSync(frameTemplate(plan))));
      this.object(OBJECT.resources, `<<${pageFonts}/XObject<</${FRAME_XOBJECT} ${OBJECT.frame} 0 R>>>>`);
    } else {
      this.object(OBJECT.frame, "null");
      this.object(OBJECT.resources, `<<${pageFonts}>>`);
    }
  }

  /** Appends a chunk of serialized pages that starts at page `first` (0-based). */
  addPages(first: number, chunk: SerializedPages): void {
    const base = pageObjects(first).content;
    chunk.offsets.forEach((offset, i) => {
      this.offsets[base + i] = this.length + offset;
    });
    this.append([Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength)]);
    this.added += chunk.offsets.length / 2;
  }

  /** Writes the page tree, catalog, cross-reference table and trailer, and returns the document. */
  finish(): Buffer {
    if (this.added !== this.pageCount) throw new Error(`assembled ${this.added} of ${this.pageCount} pages`);
    const kids = Array.from({ length: this.pageCount }, (_, i) => `${pageObjects(i).page} 0 R`).join(" ");
    this.object(OBJECT.pages, `<</Type/Pages/Count ${this.pageCount}/Kids[${kids}]>>`);
    this.object(OBJECT.catalog, `<</Type/Catalog/Pages ${OBJECT.pages} 0 R>>`);
    const size = this.objectCount;
    let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let id = 1; id < size; id++) xref += `${String(this.offsets[id]).padStart(10, "0")} 00000 n \n`;
    const id = randomBytes(16).toString("hex");
    const trailer = `trailer\n<</Size ${size}/Root ${OBJECT.catalog} 0 R/Info ${OBJECT.info} 0 R/ID[<${id}><${id}>]>>`;
    const xrefOffset = this.length;
    this.append([Buffer.from(`${xref}${trailer}\nstartxref\n${xrefOffset}\n%%EOF\n`, "latin1")]);
    return Buffer.concat(this.parts, this.length);
  }

  private object(id: number, body: string): void {
    this.offsets[id] = this.length;
    this.append([Buffer.from(`${id} 0 obj\n${body}\nendobj\n`, "latin1")]);
  }

  private append(parts: Buffer[]): void {
    for (const part of parts) {
      this.parts.push(part);
      this.length += part.length;
    }
  }
}

function fontDictionary(baseFont: string): string {
  return `<</Type/Font/Subtype/Type1/BaseFont/${baseFont}/Encoding/WinAnsiEncoding>>`;
}

/** A PDF text string in UTF-16BE, so any title survives in the document information. */
function pdfText(text: string): string {
  const utf16 = Buffer.from(text, "utf16le").swap16().toString("hex");
  return `<feff${utf16}>`;
}
