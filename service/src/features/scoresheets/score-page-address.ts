import type { SheetItem } from "./types.ts";

/**
 * The score page's address for a match, as its scoresheet's QR code carries it. It holds no token:
 * the umpire's phone keeps the day's scorer link, and a phone without one is asked for it. A blank
 * sheet, or a row that names no facility (a facility's own CSV tab has no `facility` column; the
 * day's merged CSV has), gets none.
 *
 * @example
 * scorePageAddress("https://ops.example", { ...match, facility: "Hall A", matchNumber: "7" });
 * // "https://ops.example/score/?facility=Hall+A&match=7"
 */
export function scorePageAddress(pagesUrl: string, item: SheetItem): string | undefined {
  if (!item || item.facility === "" || item.matchNumber === "") return undefined;
  const query = new URLSearchParams({ facility: item.facility, match: item.matchNumber });
  return `${pagesUrl}/score/?${query}`;
}
