import type { FontMetrics, FontWeight } from "./pdf/font-metrics.ts";

/** Text sized to fit a width: the size used and the text, maybe cut with an ellipsis. */
export interface FittedText {
  text: string;
  size: number;
}

/** What {@link fitText} needs to know about the space. */
export interface FitBox {
  width: number;
  size: number;
  minSize: number;
  weight: FontWeight;
}

const ELLIPSIS = "…";

/**
 * Shrinks printable text from `box.size` down to `box.minSize` until it fits `box.width`;
 * text still too wide at the minimum is cut and ends with "…", so it never crosses a line.
 *
 * @example
 * fitText("Very long player name", { width: 40, size: 12, minSize: 7, weight: "regular" }, fontMetrics());
 * // { text: "Very long…", size: 7 }
 */
export function fitText(text: string, box: FitBox, metrics: FontMetrics): FittedText {
  const full = metrics.width(text, box.weight, box.size);
  if (full <= box.width) return { text, size: box.size };
  // Width is linear in size, so the fitting size is one division away.
  const size = Math.max(box.minSize, Math.floor(((box.size * box.width) / full) * 10) / 10);
  if (metrics.width(text, box.weight, size) <= box.width) return { text, size };
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const candidate = chars.slice(0, mid).join("").trimEnd() + ELLIPSIS;
    if (metrics.width(candidate, box.weight, size) <= box.width) low = mid;
    else high = mid - 1;
  }
  return { text: chars.slice(0, low).join("").trimEnd() + ELLIPSIS, size };
}
