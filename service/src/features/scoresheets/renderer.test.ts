import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { pdfPages, sampleMatch, texts } from "../../../test/support/scoresheet-pdf.ts";
import { LAYOUT_TYPES } from "./layout-types.ts";
import { renderEvents } from "./render-events.ts";
import { createScoresheetRenderer } from "./renderer.ts";

describe("the scoresheet renderer", () => {
  const renderer = createScoresheetRenderer({ concurrency: 2 });
  after(() => renderer.close());

  function formXObjects(pdf: Buffer): number {
    return pdf.toString("latin1").split("/Subtype /Form").length - 1;
  }

  describe("scoresheet PDF: a page per match, then the blank sheets", () => {
    for (const layout of LAYOUT_TYPES) {
      it(`${layout}: each match number and player name is on its own page`, async () => {
        const matches = [1, 2, 3, 4, 5].map((n) => sampleMatch(n));
        const pdf = await renderer.render({ matches, layout, title: "City Open", blanks: 2, chunkSize: 2 });
        const pages = await pdfPages(pdf);
        assert.equal(pages.length, 7);
        pages.slice(0, 5).forEach((runs, i) => {
          const page = texts(runs);
          const n = i + 1;
          for (const expected of [
            String(n),
            `Player A${n}`,
            `Player B${n}`,
            `Player C${n}`,
            `Player D${n}`,
            "City Open",
          ]) {
            assert.ok(page.has(expected), `page ${n} lacks ${expected}`);
          }
          assert.ok(page.has(`XD_${n}`) && page.has(`XD_${n + 100}`));
          assert.equal(page.has("Referee 1"), layout === "standard" && n === 1);
        });
      });
    }

    it("blank sheets have the same frame and no match text", async () => {
      const pdf = await renderer.render({
        matches: [sampleMatch(9)],
        layout: "best-of-3",
        title: "Open",
        blanks: 3,
      });
      const pages = await pdfPages(pdf);
      assert.equal(pages.length, 4);
      const [matchPage, ...blanks] = pages.map((runs) => runs.map((run) => run.text));
      for (const blank of blanks) {
        assert.deepEqual(blank, blanks[0]);
        assert.equal(blank.at(-1), "Open", "a blank sheet keeps the event title");
        const frame = blank.slice(0, -1);
        assert.deepEqual(matchPage!.slice(0, frame.length), frame, "the same frame as a match sheet");
        assert.ok(!blank.some((text) => /Player|XD_|Referee|Round of/.test(text)));
      }
    });

    it("draws the frame once per document as a Form XObject placed on every page", async () => {
      const matches = Array.from({ length: 40 }, (_, i) => sampleMatch(i + 1));
      const template = await renderer.render({ matches, layout: "standard" });
      const inline = await renderer.render({ matches, layout: "standard", frame: "inline" });
      assert.equal(formXObjects(template), 1);
      assert.equal(formXObjects(inline), 0);
      assert.deepEqual(await pdfPages(template), await pdfPages(inline));
      assert.ok(template.length * 3 < inline.length, "the template document is much smaller");
    });

    it("prints formula-like CSV text literally", async () => {
      const match = sampleMatch(1, {
        team1: '=HYPERLINK("http://evil.example","x")',
        teamCode2: "+cmd|' /C calc'!A0",
      });
      const page = texts(
        (await pdfPages(await renderer.render({ matches: [match], layout: "no-referee" })))[0]!,
      );
      assert.ok(page.has('=HYPERLINK("http://evil.example","x")'));
      assert.ok(page.has("+cmd|' /C calc'!A0"));
    });

    it("shrinks a long name, and cuts one too long even at the minimum size", async () => {
      const long = "Maximiliano Alejandro Fernández-Castellanos";
      const endless = "Wolfeschlegelsteinhausenbergerdorff ".repeat(6).trim();
      const match = sampleMatch(1, { team1: `${long} / ${endless}` });
      const [runs] = await pdfPages(await renderer.render({ matches: [match], layout: "no-referee" }));
      const shrunk = runs!.find((run) => run.text === long);
      assert.ok(shrunk && shrunk.size < 12, "the long name is printed whole, smaller");
      const cut = runs!.find((run) => run.text.startsWith("Wolfeschlegel"));
      assert.ok(cut, "the endless name is printed");
      assert.ok(cut.text.endsWith("…") && cut.text.length < endless.length);
    });
  });

  describe("rendering progress", () => {
    it("streams a progress event per chunk, in order, then the PDF", async () => {
      const matches = Array.from({ length: 10 }, (_, i) => sampleMatch(i + 1));
      const events = [];
      for await (const event of renderEvents(renderer, {
        matches,
        layout: "no-referee-wide",
        blanks: 2,
        chunkSize: 4,
      })) {
        events.push(event);
      }
      const progress = events.slice(0, -1);
      assert.deepEqual(
        progress.map((e) => e.phase === "progress" && [e.done, e.total]),
        [
          [4, 12],
          [8, 12],
          [12, 12],
        ],
      );
      const last = events.at(-1);
      assert.equal(last?.phase, "done");
      assert.equal(last?.phase === "done" && (await pdfPages(last.pdf)).length, 12);
    });

    it("a failing chunk fails the render, after the events before it", async () => {
      const broken = createScoresheetRenderer({ concurrency: 1 });
      try {
        const request = { matches: [sampleMatch(1)], layout: "best-of-9" as "standard" };
        await assert.rejects(broken.render(request), /no scoresheet layout "best-of-9"/);
      } finally {
        await broken.close();
      }
    });
  });
});
