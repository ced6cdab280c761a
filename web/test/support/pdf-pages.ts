/**
 * A downloaded scoresheet PDF read as a person holds it: each page drawn to pixels with pdfjs (its
 * Node canvas), the QR code on it read with jsqr as a phone's camera would, a page as a PNG picture.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import jsQR from "jsqr";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** pdfjs's own copies of the standard fonts (Helvetica), which the sheets use without embedding them. */
const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** What pdfjs's Node canvas factory makes: a canvas that encodes itself, and its 2D context. */
interface NodeCanvas {
  create(
    width: number,
    height: number,
  ): {
    canvas: { encode(format: "png"): Promise<Buffer> };
    context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
  };
}

/**
 * Draws each page of `pdf` at `width` pixels (only its top `part` of the height: the header, where
 * the QR code is) and hands its pixels and canvas to `use`.
 */
async function eachPage<T>(
  pdf: Uint8Array,
  width: number,
  use: (drawn: ReturnType<NodeCanvas["create"]> & { width: number; height: number }) => Promise<T>,
  part = 1,
): Promise<T[]> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  try {
    const results: T[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const [w, h] = [Math.ceil(viewport.width), Math.ceil(viewport.height * part)];
      const drawn = (doc.canvasFactory as NodeCanvas).create(w, h);
      await page.render({
        canvas: drawn.canvas,
        canvasContext: drawn.context,
        viewport,
      } as unknown as Parameters<typeof page.render>[0]).promise;
      results.push(await use({ ...drawn, width: w, height: h }));
    }
    return results;
  } finally {
    await doc.destroy();
  }
}

/**
 * The text of each page's QR code (undefined where a page has none), read from the top fifth of a
 * 1,240-pixel-wide print (150 dpi on A4): every layout keeps the code in its header.
 */
export function pageQrCodes(pdf: Uint8Array): Promise<Array<string | undefined>> {
  return eachPage(
    pdf,
    1240,
    async ({ context, width, height }) => {
      const { data } = context.getImageData(0, 0, width, height);
      return jsQR(new Uint8ClampedArray(data), width, height)?.data;
    },
    0.2,
  );
}

/** Page `n` (1-based) of `pdf` as a PNG `width` pixels wide. */
export async function pagePng(pdf: Uint8Array, n: number, width: number): Promise<Buffer> {
  const pngs = await eachPage(pdf, width, ({ canvas }) => canvas.encode("png"));
  const png = pngs[n - 1];
  if (png === undefined) throw new Error(`the PDF has no page ${n}`);
  return png;
}
