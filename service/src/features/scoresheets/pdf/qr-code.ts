import { encode } from "uqr";
import type { QrArea } from "../layouts/index.ts";

// One mask for every code. Choosing the best of the eight costs about fifteen times the rest of
// the encoding (1.4 ms against 0.1 ms a code), which 500 sheets cannot afford within the
// scoresheet budget; every reader decodes any of the eight masks, and the tests decode printed
// codes with a reader.
const MASK = 0;

/**
 * The drawing operators of a QR code of `text` filling `area` (in the page's top-down
 * coordinates): the dark modules as filled rectangles, so the page stays vector and small. Error
 * correction level M: a smudge or a fold on a sheet still reads.
 *
 * @example
 * qrCodeOperators("https://ops.example/score/?facility=Hall%20A&match=7", { x: 360, y: 28, size: 54 });
 * // "q 0 g 1.64 0 0 1.64 360 28 cm\n0 0 7 1 re\n…f Q\n"
 */
export function qrCodeOperators(text: string, area: QrArea): string {
  const { data, size } = encode(text, { ecc: "M", border: 0, maskPattern: MASK });
  const scale = area.size / size;
  let path = "";
  for (const [x, y, w, h] of darkRectangles(data)) path += `${x} ${y} ${w} ${h} re\n`;
  return `q 0 g ${num(scale)} 0 0 ${num(scale)} ${num(area.x)} ${num(area.y)} cm\n${path}f Q\n`;
}

/**
 * The dark modules as few rectangles `[x, y, w, h]` in module units: each row's runs, a run that
 * repeats exactly in the row below growing downwards instead of starting a new rectangle.
 */
export function darkRectangles(rows: readonly (readonly boolean[])[]): [number, number, number, number][] {
  const rectangles: [number, number, number, number][] = [];
  let above = new Map<number, [number, number, number, number]>();
  rows.forEach((row, y) => {
    const here = new Map<number, [number, number, number, number]>();
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < row.length && row[end]) end++;
      const key = x * 1024 + (end - x);
      let rectangle = above.get(key);
      if (rectangle) rectangle[3]++;
      else {
        rectangle = [x, y, end - x, 1];
        rectangles.push(rectangle);
      }
      here.set(key, rectangle);
      x = end;
    }
    above = here;
  });
  return rectangles;
}

function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
