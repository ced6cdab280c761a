/**
 * A QR code on a page read as a phone's camera reads it: a screenshot of the code, its pixels
 * decoded by jsqr. Used where a test opens a link the way a person does, by scanning its card.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const jsqrSource = readFileSync(createRequire(import.meta.url).resolve("jsqr"), "utf8");

/** The text of the QR code image named `name` on `page`; throws when the code does not read. */
export async function readQrCode(page: Page, name: RegExp | string): Promise<string> {
  const png = (await page.getByRole("img", { name, exact: true }).screenshot()).toString("base64");
  // jsqr runs in the page, beside the pixels: handing a screenshot's pixels back to Node as JSON
  // takes seconds. Evaluated through the debugging protocol, which the pages' CSP does not govern.
  await page.evaluate(jsqrSource);
  const text = await page.evaluate(async (data) => {
    // Decoded here rather than fetched as a data: address, which the pages' CSP (connect-src) refuses.
    const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const decode = (window as unknown as { jsQR: typeof import("jsqr").default }).jsQR;
    return decode(pixels.data, pixels.width, pixels.height)?.data ?? null;
  }, png);
  if (text === null) throw new Error(`the QR code "${name}" does not read`);
  return text;
}
