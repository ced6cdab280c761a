import { deflateSync } from "node:zlib";
import type { LayoutPlan, SheetFields } from "./layouts/index.ts";
import { drawFrameContent } from "./pdf/frame-content.ts";
import { qrCodeOperators } from "./pdf/qr-code.ts";
import type { SheetText } from "./pdf/text-runs.ts";
import { fitText } from "./text-fit.ts";
import type { FrameMode } from "./types.ts";

/** The name under which the page resources hold the frame's Form XObject. */
export const FRAME_XOBJECT = "Tpl";

/**
 * One sheet's page content, deflated: the frame (placed with `Do`, or drawn again in `inline`
 * mode), each field's text fitted to its slot and, when the plan keeps a square for it, the QR code
 * of `qrText`.
 */
export function pageContent(
  plan: LayoutPlan,
  fields: SheetFields,
  mode: FrameMode,
  text: SheetText,
  qrText?: string,
): Buffer {
  const frame =
    mode === "template" ? `q /${FRAME_XOBJECT} Do Q` : `q\n${drawFrameContent(plan).toString("latin1")}Q`;
  let out = `1 0 0 -1 0 ${num(plan.height)} cm\n${frame}\n0 g\n`;
  for (const slot of plan.slots) {
    const value = fields[slot.field];
    if (value === "") continue;
    const fitted = fitText(
      value,
      { width: slot.w, size: slot.size, minSize: slot.minSize, weight: slot.weight },
      text,
    );
    const width = text.width(fitted.text, slot.weight, fitted.size);
    const x =
      slot.align === "left"
        ? slot.x
        : slot.align === "center"
          ? slot.x + (slot.w - width) / 2
          : slot.x + slot.w - width;
    out += `BT ${text.show(fitted.text, slot.weight, fitted.size, `1 0 0 -1 ${num(x)} ${num(slot.y)} Tm`)} ET\n`;
  }
  if (plan.qr && qrText !== undefined) out += qrCodeOperators(qrText, plan.qr);
  return deflateSync(Buffer.from(out, "latin1"));
}

function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}
