import { BoundedQueue } from "../../shared/bounded-queue.ts";
import type { LayoutType } from "./layout-types.ts";
import { layoutPlan } from "./layouts/index.ts";
import { PdfWriter } from "./pdf/pdf-writer.ts";
import { codePointsBeyondWinAnsi } from "./pdf/text-runs.ts";
import type { UnicodeFonts } from "./pdf/unicode-fonts.ts";
import { printedTexts } from "./sheet-fields.ts";
import type { FrameMode, Match, SheetItem } from "./types.ts";
import { createRenderPool, type RenderPool, type RenderPoolStats } from "./worker-pool.ts";

/** What to render. */
export interface RenderRequest {
  matches: readonly Match[];
  layout: LayoutType;
  /** The event title printed on every sheet. */
  title?: string;
  /** Blank sheets appended after the matches. */
  blanks?: number;
  /** Called after each chunk of pages is in the document. */
  onProgress?: (progress: RenderProgress) => void;
  /** `inline` draws the frame again on every page: only the benchmark's baseline uses it. */
  frame?: FrameMode;
  /** Sheets per worker task; by default about four tasks per worker, 16 to 200 sheets each. */
  chunkSize?: number;
  /** Aborting it stops the render: work not started is dropped, a running chunk stops. */
  signal?: AbortSignal;
}

/** Pages rendered so far, of the document's total. */
export interface RenderProgress {
  done: number;
  total: number;
}

/** Renders scoresheet PDFs on a worker pool that lives as long as the app. */
export interface ScoresheetRenderer {
  readonly concurrency: number;
  /**
   * The instance's scoresheet jobs, from before the upload is read to the end of the answer:
   * `concurrency` render at a time and twice as many more may wait (upload, parse or their turn);
   * a job beyond them is refused. This bounds the uploads in flight, and so their memory.
   */
  readonly jobs: BoundedQueue;
  /** One PDF: a page per match, then the blank sheets. */
  render(request: RenderRequest): Promise<Buffer>;
  /** What the workers are doing (for diagnostics and tests). */
  stats(): RenderPoolStats;
  /** Stops the workers (call on app close). */
  close(): Promise<void>;
}

/** How an app's renderer works. */
export interface RendererOptions {
  /** Worker threads (`SCORESHEET_CONCURRENCY`); 2 by default. */
  concurrency?: number;
  /** The pages' base address (`PAGES_URL`); with it, every match's sheet carries a QR code of its score page. */
  pagesUrl?: string;
}

/**
 * Makes the renderer. Workers render chunks of pages in parallel (fitting text, deflating
 * and serializing the page objects), and this thread appends each chunk to the one document as it
 * arrives (see pdf-writer.ts): no PDF merging is needed and this thread is only busy for a moment.
 *
 * @example
 * const renderer = createScoresheetRenderer({ concurrency: 2, pagesUrl: "https://ops.example" });
 * const pdf = await renderer.render({ matches, layout: "standard", title: "City Open", blanks: 2 });
 * await renderer.close();
 */
export function createScoresheetRenderer(options: RendererOptions = {}): ScoresheetRenderer {
  const pool = createRenderPool(options);
  return {
    concurrency: pool.concurrency,
    jobs: new BoundedQueue({ running: pool.concurrency, waiting: 2 * pool.concurrency }),
    render: (request) => renderWith(pool, request, options.pagesUrl),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/**
 * Renders once on a pool made for this call alone; an app keeps one {@link createScoresheetRenderer} instead.
 *
 * @example
 * const pdf = await renderScoresheets({ matches, layout: "best-of-3", concurrency: 2 });
 */
export async function renderScoresheets(request: RenderRequest & RendererOptions): Promise<Buffer> {
  const renderer = createScoresheetRenderer({
    concurrency: request.concurrency ?? 2,
    pagesUrl: request.pagesUrl,
  });
  try {
    return await renderer.render(request);
  } finally {
    await renderer.close();
  }
}

/** The number of pages a request produces. */
export function pageTotal(request: Pick<RenderRequest, "matches" | "blanks">): number {
  return request.matches.length + (request.blanks ?? 0);
}

async function renderWith(pool: RenderPool, request: RenderRequest, pagesUrl?: string): Promise<Buffer> {
  const items: SheetItem[] = [...request.matches, ...Array.from({ length: request.blanks ?? 0 }, () => null)];
  if (items.length === 0) throw new Error("nothing to render: no matches and no blank sheets");
  const frame = request.frame ?? "template";
  const title = request.title ?? "";
  const plan = layoutPlan(request.layout, { qr: pagesUrl !== undefined });
  const unicode = await unicodeFontsFor(pool, items, title, request.signal);
  const writer = new PdfWriter(plan, items.length, { title, frame, fonts: unicode?.fonts });
  const glyphs = unicode?.glyphs;
  const size =
    request.chunkSize ?? Math.min(200, Math.max(16, Math.ceil(items.length / (pool.concurrency * 4))));
  let done = 0;
  const tasks: Promise<void>[] = [];
  for (let first = 0; first < items.length; first += size) {
    const chunk = items.slice(first, first + size);
    tasks.push(
      pool
        .renderChunk(
          { first, layout: request.layout, title, items: chunk, frame, pagesUrl, glyphs },
          request.signal,
        )
        .then((pages) => {
          writer.addPages(first, pages);
          done += chunk.length;
          request.onProgress?.({ done, total: items.length });
        }),
    );
  }
  await Promise.all(tasks);
  return writer.finish();
}

/**
 * The subset fonts for what the sheets print outside WinAnsi, or undefined when everything is
 * WinAnsi (the usual day: nothing is embedded and the document is as small as ever).
 */
async function unicodeFontsFor(
  pool: RenderPool,
  items: SheetItem[],
  title: string,
  signal: AbortSignal | undefined,
): Promise<UnicodeFonts | undefined> {
  const codePoints = codePointsBeyondWinAnsi(printedTexts(items, title));
  return codePoints.size === 0 ? undefined : pool.embedFonts([...codePoints], signal);
}
