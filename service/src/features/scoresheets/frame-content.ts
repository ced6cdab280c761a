import PDFDocument from "pdfkit";
import { FONTS, fontMetrics, registerFonts } from "./font-metrics.ts";
import type { FrameOp, LayoutPlan } from "./layouts/index.ts";
import type { LayoutType } from "./types.ts";
import { toWinAnsi } from "./win-ansi.ts";

interface ContentRef {
  buffer: Uint8Array[];
}

const scratchDocs = new Map<string, PDFKit.PDFDocument>();
const templates = new Map<LayoutType, Buffer>();

/**
 * The frame's content stream, drawn with pdfkit once per thread and layout; the document places it
 * as a Form XObject on every page.
 */
export function frameTemplate(plan: LayoutPlan): Buffer {
  let bytes = templates.get(plan.type);
  if (!bytes) {
    bytes = drawFrameContent(plan);
    templates.set(plan.type, bytes);
  }
  return bytes;
}

/**
 * Draws the frame with pdfkit's drawing calls and returns the content-stream operators, in
 * pdfkit's top-down coordinates (the page flips them first). pdfkit has no public call for this,
 * so a scratch page's content buffer is emptied before and read after drawing.
 */
export function drawFrameContent(plan: LayoutPlan): Buffer {
  const doc = scratchDoc(plan.width, plan.height);
  const content = (doc.page as unknown as { content: ContentRef }).content;
  content.buffer = [];
  doc.save();
  for (const op of plan.frame) drawOp(doc, op);
  doc.restore();
  const bytes = Buffer.concat(content.buffer);
  content.buffer = [];
  return bytes;
}

function scratchDoc(width: number, height: number): PDFKit.PDFDocument {
  const key = `${width}x${height}`;
  let doc = scratchDocs.get(key);
  if (!doc) {
    doc = new PDFDocument({ autoFirstPage: false, compress: false });
    doc.on("data", () => {});
    registerFonts(doc);
    doc.addPage({ size: [width, height], margin: 0 });
    scratchDocs.set(key, doc);
  }
  return doc;
}

function gray(level: number): string {
  const hex = Math.round(level * 255)
    .toString(16)
    .padStart(2, "0");
  return `#${hex}${hex}${hex}`;
}

function drawOp(doc: PDFKit.PDFDocument, op: FrameOp): void {
  if (op.op === "rect") {
    doc.rect(op.x, op.y, op.w, op.h);
    if (op.fill !== undefined && op.lineWidth > 0)
      doc.lineWidth(op.lineWidth).fillAndStroke(gray(op.fill), "#000000");
    else if (op.fill !== undefined) doc.fill(gray(op.fill));
    else doc.lineWidth(op.lineWidth).stroke("#000000");
  } else if (op.op === "line") {
    doc.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).lineWidth(op.lineWidth);
    if (op.dash) doc.dash(op.dash, { space: op.dash });
    doc.stroke(gray(op.gray));
    if (op.dash) doc.undash();
  } else {
    const text = toWinAnsi(op.text);
    const width = fontMetrics().width(text, op.weight, op.size);
    const shift = op.align === "left" ? 0 : op.align === "center" ? (op.w - width) / 2 : op.w - width;
    doc
      .font(FONTS[op.weight].name)
      .fontSize(op.size)
      .fillColor(gray(op.gray))
      .text(text, op.x + shift, op.y, { lineBreak: false, baseline: "alphabetic" });
  }
}
