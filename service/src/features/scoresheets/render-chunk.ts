import type { LayoutType } from "./layout-types.ts";
import { layoutPlan } from "./layouts/index.ts";
import { pageContent } from "./page-content.ts";
import { fontMetrics } from "./pdf/font-metrics.ts";
import { type SerializedPages, serializePages } from "./pdf/pdf-objects.ts";
import { sheetText } from "./pdf/text-runs.ts";
import type { UnicodeGlyph } from "./pdf/unicode-fonts.ts";
import { scorePageAddress } from "./score-page-address.ts";
import { sheetFields } from "./sheet-fields.ts";
import type { FrameMode, SheetItem } from "./types.ts";

/** A run of consecutive sheets to render, as sent to a worker. */
export interface ChunkRequest {
  /** The document page number (0-based) of the chunk's first sheet. */
  first: number;
  layout: LayoutType;
  title: string;
  items: SheetItem[];
  frame: FrameMode;
  /** The pages' base address (`PAGES_URL`): each match's sheet carries a QR code of its score page. */
  pagesUrl?: string;
  /** The document's characters outside WinAnsi and where its embedded fonts hold them. */
  glyphs?: Map<number, UnicodeGlyph>;
}

/**
 * Renders each sheet of the chunk and serializes its page objects, ready to append to the document.
 * `stopped` is asked before each page: when it says yes, the chunk is abandoned (`undefined`).
 *
 * @example
 * renderChunk({ first: 0, layout: "standard", title: "Open", items: [match, null], frame: "template" })?.offsets.length; // 4
 */
export function renderChunk(
  request: ChunkRequest,
  stopped: () => boolean = () => false,
): SerializedPages | undefined {
  const { pagesUrl } = request;
  const plan = layoutPlan(request.layout, { qr: pagesUrl !== undefined });
  const text = sheetText(fontMetrics(), request.glyphs ?? new Map());
  const contents: Uint8Array[] = [];
  for (const item of request.items) {
    if (stopped()) return undefined;
    contents.push(
      pageContent(
        plan,
        sheetFields(item, request.title),
        request.frame,
        text,
        pagesUrl === undefined ? undefined : scorePageAddress(pagesUrl, item),
      ),
    );
  }
  return serializePages(request.first, contents, plan);
}
