import type { LayoutType } from "../layout-types.ts";
import type { FontWeight } from "../pdf/font-metrics.ts";

/** The variable text of one sheet, one entry per printed field; all "" on a blank sheet. */
export interface SheetFields {
  title: string;
  matchNumber: string;
  category: string;
  round: string;
  court: string;
  date: string;
  time: string;
  teamCode1: string;
  team1First: string;
  team1Second: string;
  teamCode2: string;
  team2First: string;
  team2Second: string;
  referee: string;
}

/** Text alignment inside a label or slot. */
export type Align = "left" | "center" | "right";

/** A fixed drawing of the frame. Coordinates in points from the top-left corner; `y` of text is its baseline. */
export type FrameOp =
  | { op: "rect"; x: number; y: number; w: number; h: number; lineWidth: number; fill?: number }
  | {
      op: "line";
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      lineWidth: number;
      gray: number;
      dash?: number;
    }
  | {
      op: "label";
      text: string;
      x: number;
      y: number;
      w: number;
      size: number;
      weight: FontWeight;
      align: Align;
      gray: number;
    };

/** Where one field's text goes on every page; it is shrunk, then cut, to fit `w`. */
export interface Slot {
  field: keyof SheetFields;
  x: number;
  y: number;
  w: number;
  size: number;
  minSize: number;
  weight: FontWeight;
  align: Align;
}

/** A square left white in the frame for each match's QR code: its top-left corner and side, in points. */
export interface QrArea {
  x: number;
  y: number;
  size: number;
}

/** A layout as data: page size, the fixed frame, the slots for the variable text and, when printed, the QR code's square. */
export interface LayoutPlan {
  type: LayoutType;
  width: number;
  height: number;
  frame: FrameOp[];
  slots: Slot[];
  qr?: QrArea;
}

/** Collects frame operations and slots; the layout files describe a sheet with it. */
export class PlanBuilder {
  readonly frame: FrameOp[] = [];
  readonly slots: Slot[] = [];
  private qr: QrArea | undefined;

  rect(x: number, y: number, w: number, h: number, lineWidth = 0.75, fill?: number): void {
    this.frame.push(
      fill === undefined
        ? { op: "rect", x, y, w, h, lineWidth }
        : { op: "rect", x, y, w, h, lineWidth, fill },
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, lineWidth = 0.75, gray = 0, dash?: number): void {
    this.frame.push(
      dash === undefined
        ? { op: "line", x1, y1, x2, y2, lineWidth, gray }
        : { op: "line", x1, y1, x2, y2, lineWidth, gray, dash },
    );
  }

  label(
    text: string,
    x: number,
    y: number,
    w: number,
    style: Partial<TextStyle> & { gray?: number } = {},
  ): void {
    const { size = 7, weight = "regular", align = "left", gray = 0 } = style;
    this.frame.push({ op: "label", text, x, y, w, size, weight, align, gray });
  }

  slot(field: keyof SheetFields, x: number, y: number, w: number, style: Partial<TextStyle> = {}): void {
    const { size = 11, weight = "bold", align = "left" } = style;
    this.slots.push({ field, x, y, w, size, minSize: style.minSize ?? Math.min(size, 6), weight, align });
  }

  /** A boxed field: a small grey caption in the top-left corner, and the value (slot) or room to write below it. */
  field(
    x: number,
    y: number,
    w: number,
    h: number,
    caption: string,
    slot?: keyof SheetFields,
    style: Partial<TextStyle> = {},
  ): void {
    this.rect(x, y, w, h);
    this.label(caption.toUpperCase(), x + 4, y + 8, w - 8, { size: 5.8, weight: "bold", gray: 0.4 });
    if (slot) this.slot(slot, x + 5, y + h - 6, w - 10, style);
  }

  /** A small empty square for a tick, with its caption to the right. */
  checkbox(x: number, y: number, caption: string, size = 7): void {
    this.rect(x, y, size + 1, size + 1, 0.6);
    this.label(caption, x + size + 4, y + size, 80, { size: 7 });
  }

  /** Keeps a white square for the match's QR code (drawn per page, not in the frame). */
  qrArea(x: number, y: number, size: number): void {
    this.qr = { x, y, size };
  }

  build(type: LayoutType, width: number, height: number): LayoutPlan {
    const plan: LayoutPlan = { type, width, height, frame: this.frame, slots: this.slots };
    return this.qr ? { ...plan, qr: this.qr } : plan;
  }
}

/** Font, size and alignment of a label or slot. */
export interface TextStyle {
  size: number;
  minSize: number;
  weight: FontWeight;
  align: Align;
}
