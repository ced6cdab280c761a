import { LAYOUT_TYPES, type LayoutType } from "../layout-types.ts";
import { bestOfThreePlan } from "./best-of-three.ts";
import type { LayoutPlan } from "./plan.ts";
import { singleGamePlan } from "./single-game.ts";

export type { FrameOp, LayoutPlan, QrArea, SheetFields, Slot } from "./plan.ts";

const plans = new Map<string, LayoutPlan>();

/**
 * The plan of a registered layout, built once per thread; with `qr`, its header keeps a square for
 * each match's QR code.
 *
 * @example
 * layoutPlan("best-of-3").slots.length; // the variable fields printed on each sheet
 * layoutPlan("standard", { qr: true }).qr; // { x, y, size }
 */
export function layoutPlan(type: LayoutType, options: { qr?: boolean } = {}): LayoutPlan {
  const qr = options.qr ?? false;
  const key = `${type}${qr ? "+qr" : ""}`;
  let plan = plans.get(key);
  if (!plan) {
    if (!(LAYOUT_TYPES as readonly string[]).includes(type))
      throw new Error(`no scoresheet layout "${type}"`);
    plan = type === "best-of-3" ? bestOfThreePlan(qr) : singleGamePlan(type, qr);
    plans.set(key, plan);
  }
  return plan;
}
