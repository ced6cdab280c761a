import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import jsqr from "jsqr";
import { encode } from "uqr";
import { type PageImage, pdfPages, renderPage, sampleMatch } from "../../../test/support/scoresheet-pdf.ts";
import { LAYOUT_TYPES } from "./layout-types.ts";
import { type FrameOp, layoutPlan, type QrArea } from "./layouts/index.ts";
import { darkRectangles } from "./pdf/qr-code.ts";
import { createScoresheetRenderer } from "./renderer.ts";
import { scorePageAddress } from "./score-page-address.ts";

describe("scoresheets' QR codes", () => {
  const PAGES_URL = "https://ops.example.org/manila-open";
  const withQr = createScoresheetRenderer({ concurrency: 2, pagesUrl: PAGES_URL });
  const withoutQr = createScoresheetRenderer({ concurrency: 1 });
  after(() => Promise.all([withQr.close(), withoutQr.close()]));

  // jsqr is CommonJS: under NodeNext its default export is `module.exports`, which holds the reader.
  const decode = (image: PageImage) => jsqr.default(image.data, image.width, image.height)?.data;

  describe("scoresheets carry a QR code that opens the score page at their match", () => {
    for (const layout of LAYOUT_TYPES) {
      it(`${layout}: each sheet's printed code decodes to its own match's address, with no token`, async () => {
        const matches = [
          sampleMatch(101, { facility: "Rizal Memorial Hall" }),
          sampleMatch(7, { facility: "Ninoy Aquino Stadium" }),
        ];
        const pdf = await withQr.render({ matches, layout, title: "Metro Manila Open" });
        assert.equal(
          decode(await renderPage(pdf, 1)),
          `${PAGES_URL}/score/?facility=Rizal+Memorial+Hall&match=101`,
        );
        const second = decode(await renderPage(pdf, 2));
        assert.equal(second, `${PAGES_URL}/score/?facility=Ninoy+Aquino+Stadium&match=7`);
        const query = new URL(second!).searchParams;
        assert.deepEqual([...query.keys()], ["facility", "match"], "the address carries no token");
      });
    }

    it("a blank sheet and a row without a facility print no code; without PAGES_URL no sheet does", async () => {
      const pdf = await withQr.render({
        matches: [sampleMatch(3, { facility: "" })],
        layout: "standard",
        blanks: 1,
      });
      assert.equal(decode(await renderPage(pdf, 1)), undefined);
      assert.equal(decode(await renderPage(pdf, 2)), undefined);
      const plain = await withoutQr.render({
        matches: [sampleMatch(3, { facility: "Hall A" })],
        layout: "standard",
      });
      assert.equal(decode(await renderPage(plain, 1)), undefined);
    });

    it("the sheet's text is the same with and without the code", async () => {
      const matches = [sampleMatch(12, { facility: "Hall A" })];
      for (const layout of LAYOUT_TYPES) {
        const text = async (pdf: Buffer) => (await pdfPages(pdf))[0]!.map((run) => run.text);
        assert.deepEqual(
          await text(await withQr.render({ matches, layout, title: "Open" })),
          await text(await withoutQr.render({ matches, layout, title: "Open" })),
          layout,
        );
      }
    });
  });

  describe("where the QR code sits", () => {
    const overlaps = (a: QrArea, box: { x: number; y: number; w: number; h: number }) =>
      a.x < box.x + box.w && box.x < a.x + a.size && a.y < box.y + box.h && box.y < a.y + a.size;
    const boxOf = (op: FrameOp) => {
      if (op.op === "rect") return { x: op.x, y: op.y, w: op.w, h: op.h };
      if (op.op === "line") {
        const x = Math.min(op.x1, op.x2);
        const y = Math.min(op.y1, op.y2);
        return { x, y, w: Math.abs(op.x2 - op.x1), h: Math.abs(op.y2 - op.y1) };
      }
      return { x: op.x, y: op.y - op.size, w: op.w, h: op.size };
    };

    for (const layout of LAYOUT_TYPES) {
      it(`${layout}: in the header, on white, clear of every box, line, label and printed field`, () => {
        const plan = layoutPlan(layout, { qr: true });
        const area = plan.qr;
        assert.ok(area, "the plan keeps a square for the code");
        assert.ok(area.size >= 50, "big enough for a phone to read across a table (at least 50 pt)");
        for (const op of plan.frame)
          assert.ok(!overlaps(area, boxOf(op)), `${JSON.stringify(op)} overlaps the code`);
        for (const slot of plan.slots) {
          const box = { x: slot.x, y: slot.y - slot.size, w: slot.w, h: slot.size };
          assert.ok(!overlaps(area, box), `the ${slot.field} field overlaps the code`);
        }
        assert.equal(layoutPlan(layout).qr, undefined, "without PAGES_URL the header is as before");
      });
    }
  });

  describe("the score page's address for a sheet", () => {
    it("names the facility and the match, URL-encoded", () => {
      assert.equal(
        scorePageAddress(
          "https://ops.example",
          sampleMatch(5, { facility: "Hall A & B", matchNumber: "5a" }),
        ),
        "https://ops.example/score/?facility=Hall+A+%26+B&match=5a",
      );
    });

    it("is absent for a blank sheet, or a row without a facility or match number", () => {
      assert.equal(scorePageAddress("https://ops.example", null), undefined);
      assert.equal(scorePageAddress("https://ops.example", sampleMatch(5, { facility: "" })), undefined);
    });
  });

  describe("QR modules drawn as rectangles", () => {
    it("cover exactly the dark modules, each once", () => {
      for (const text of ["https://ops.example/score/?facility=Hall+A&match=1", "x".repeat(120)]) {
        const { data, size } = encode(text, { ecc: "M", border: 0 });
        const painted = Array.from({ length: size }, () => new Array<number>(size).fill(0));
        for (const [x, y, w, h] of darkRectangles(data)) {
          for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) painted[row]![col]!++;
        }
        assert.deepEqual(
          painted,
          data.map((row) => row.map((dark) => (dark ? 1 : 0))),
        );
      }
    });
  });
});
