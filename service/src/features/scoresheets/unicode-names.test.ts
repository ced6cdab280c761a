import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { lines, pdfPages, sampleMatch } from "../../../test/support/scoresheet-pdf.ts";
import { LAYOUT_TYPES } from "./layout-types.ts";
import { fontMetrics } from "./pdf/font-metrics.ts";
import { sheetText } from "./pdf/text-runs.ts";
import { embedUnicodeFonts } from "./pdf/unicode-fonts.ts";
import { renderChunk } from "./render-chunk.ts";
import { createScoresheetRenderer } from "./renderer.ts";

describe("names in any script on scoresheets", () => {
  const renderer = createScoresheetRenderer({ concurrency: 2 });
  after(() => renderer.close());

  const pageLines = async (pdf: Buffer) => (await pdfPages(pdf)).map((runs) => lines(runs).join("\n"));
  const embeddedFonts = (pdf: Buffer) => pdf.toString("latin1").match(/\/FontFile2/g)?.length ?? 0;

  describe("names print as written", () => {
    for (const layout of LAYOUT_TYPES) {
      it(`${layout}: Chinese, Korean, emoji and Latin beyond WinAnsi come back from the PDF's text as they were written`, async () => {
        const match = sampleMatch(1, {
          team1: "李娜 / 김민지",
          team2: "Łukasz Dvořák / Nguyễn Thị Ánh 🏸",
          teamCode1: "中国_1",
          referee: "Ramón Dela Cruz",
        });
        const pdf = await renderer.render({ matches: [match], layout, title: "Open 2026 · 公开赛" });
        const [page] = await pageLines(pdf);
        for (const name of [
          "李娜",
          "김민지",
          "Łukasz Dvořák",
          "Nguyễn Thị Ánh 🏸",
          "中国_1",
          "Open 2026 · 公开赛",
        ])
          assert.ok(page!.includes(name), `${name} is printed as written:\n${page}`);
        if (layout === "standard")
          assert.ok(page!.includes("Ramón Dela Cruz"), "WinAnsi accents still print");
      });
    }

    it("decomposed accents are composed, and invisible joiners and modifiers are left out", async () => {
      const pdf = await renderer.render({
        matches: [sampleMatch(1, { team1: "Jose\u0301 R\u030Ciha / Ana 👍🏽\u200D", team2: "Bo" })],
        layout: "no-referee",
      });
      const [page] = await pageLines(pdf);
      assert.ok(page!.includes("José Řiha"), page);
      assert.ok(page!.includes("Ana 👍"), page);
      assert.ok(!page!.includes("\u200D") && !page!.includes("🏽"));
    });

    it("a character no font has prints as WinAnsi's nearest, or ?", async () => {
      const pdf = await renderer.render({
        matches: [sampleMatch(1, { team1: "สมชาย Lee / Bo", team2: "Cy" })],
        layout: "no-referee",
      });
      const [page] = await pageLines(pdf);
      assert.ok(page!.includes("????? Lee"), page);
    });

    it("only the glyphs used are embedded, once per document, not the fonts", async () => {
      const matches = Array.from({ length: 30 }, (_, i) => sampleMatch(i + 1, { team1: "李娜 / 김민지" }));
      const pdf = await renderer.render({ matches, layout: "standard" });
      assert.equal(embeddedFonts(pdf), 2, "one subset of Noto Sans SC and one of Noto Sans KR");
      assert.ok(pdf.length < 30 * 2048 + 8_000, `the document stays small: ${pdf.length} bytes`);
    });
  });

  describe("WinAnsi text stays exactly as it was", () => {
    it("an all-WinAnsi day embeds no font: the standard fonts alone, no extra object", async () => {
      const matches = Array.from({ length: 20 }, (_, i) =>
        sampleMatch(i + 1, { team1: "José Núñez / Zoë Ñiño", referee: "Ærø Øster" }),
      );
      const pdf = await renderer.render({ matches, layout: "standard", title: "Open" });
      const text = pdf.toString("latin1");
      assert.equal(embeddedFonts(pdf), 0);
      assert.doesNotMatch(text, /Type0|CIDFont/);
      assert.match(
        text,
        /6 0 obj\n<<\/Font<<\/F1 4 0 R\/F2 5 0 R>>\/XObject/,
        "the pages' resources: F1 and F2",
      );
      assert.match(text, /\/Size 48\/Root/, "8 fixed objects and 2 a page, as before");
    });

    it("a sheet with only WinAnsi names is drawn byte for byte the same when another sheet needs an embedded font", () => {
      const plain = sampleMatch(1, { team1: "José Núñez / Zoë Ñiño" });
      const request = { first: 0, layout: "best-of-3" as const, title: "Open", frame: "template" as const };
      const alone = renderChunk({ ...request, items: [plain] })!;
      const beside = renderChunk({ ...request, items: [plain], glyphs: embedUnicodeFonts([0x674e]).glyphs })!;
      assert.deepEqual(Buffer.from(beside.data), Buffer.from(alone.data));
    });

    it("mixed text switches font only where WinAnsi lacks the character; bold is the outline stroked", () => {
      const { glyphs } = embedUnicodeFonts([0x674e, 0x0141]);
      const text = sheetText(fontMetrics(), glyphs);
      const shown = text.show("Łi 李", "bold", 10, "POS");
      assert.match(
        shown,
        /^\/U0 10 Tf 2 Tr 0\.35 w POS <0001> Tj 0 Tr \/F2 10 Tf \(i \) Tj \/U1 10 Tf 2 Tr 0\.35 w <0001> Tj 0 Tr$/,
      );
      assert.equal(text.show("Ana", "regular", 12, "POS"), "/F1 12 Tf POS (Ana) Tj");
    });
  });
});
