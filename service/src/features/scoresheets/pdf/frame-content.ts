import type { FrameOp, LayoutPlan } from "../layouts/index.ts";
import { FONTS, fontMetrics } from "./font-metrics.ts";
import { pdfLiteral, toWinAnsi } from "./win-ansi.ts";

const templates = new WeakMap<LayoutPlan, Buffer>();

/**
 * The frame's content stream, made once per thread and layout; the document places it as a Form
 * XObject on every page.
 */
export function frameTemplate(plan: LayoutPlan): Buffer {
  let bytes = templates.get(plan);
  if (!bytes) {
    bytes = drawFrameContent(plan);
    templates.set(plan, bytes);
  }
  return bytes;
}

/**
 * The frame's drawing operators, in the page's top-down coordinates (the page flips them first):
 * each box, rule and label in its own graphics state.
 * @example drawFrameContent(layoutPlan("standard")).toString("latin1") // "q 1 w 0 G 36 40 523 20 re S Q\n…"
 */
export function drawFrameContent(plan: LayoutPlan): Buffer {
  return Buffer.from(plan.frame.map((op) => `q ${operators(op)} Q\n`).join(""), "latin1");
}

const num = (value: number) => String(Math.round(value * 100) / 100);

function operators(op: FrameOp): string {
  if (op.op === "rect") {
    const box = `${num(op.x)} ${num(op.y)} ${num(op.w)} ${num(op.h)} re`;
    if (op.fill === undefined) return `${num(op.lineWidth)} w 0 G ${box} S`;
    if (op.lineWidth > 0) return `${num(op.lineWidth)} w ${num(op.fill)} g 0 G ${box} B`;
    return `${num(op.fill)} g ${box} f`;
  }
  if (op.op === "line") {
    const dash = op.dash ? `[${num(op.dash)} ${num(op.dash)}] 0 d ` : "";
    return `${num(op.lineWidth)} w ${dash}${num(op.gray)} G ${num(op.x1)} ${num(op.y1)} m ${num(op.x2)} ${num(op.y2)} l S`;
  }
  const text = toWinAnsi(op.text);
  const width = fontMetrics().width(text, op.weight, op.size);
  const shift = op.align === "left" ? 0 : op.align === "center" ? (op.w - width) / 2 : op.w - width;
  return `${num(op.gray)} g BT /${FONTS[op.weight].id} ${num(op.size)} Tf 1 0 0 -1 ${num(op.x + shift)} ${num(op.y)} Tm ${pdfLiteral(text)} Tj ET`;
}
