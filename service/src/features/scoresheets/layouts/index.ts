import { LAYOUT_TYPES, type LayoutType } from "../types.ts";
import { bestOfThreePlan } from "./best-of-three.ts";
import type { LayoutPlan } from "./plan.ts";
import { singleGamePlan } from "./single-game.ts";

export type { FrameOp, LayoutPlan, SheetFields, Slot } from "./plan.ts";

const plans = new Map<LayoutType, LayoutPlan>();

/**
 * The plan of a registered layout, built once per thread.
 *
 * @example
 * layoutPlan("best-of-3").slots.length; // the variable fields printed on each sheet
 */
export function layoutPlan(type: LayoutType): LayoutPlan {
  let plan = plans.get(type);
  if (!plan) {
    if (!(LAYOUT_TYPES as readonly string[]).includes(type))
      throw new Error(`no scoresheet layout "${type}"`);
    plan = type === "best-of-3" ? bestOfThreePlan() : singleGamePlan(type);
    plans.set(type, plan);
  }
  return plan;
}
