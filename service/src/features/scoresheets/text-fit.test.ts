import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fontMetrics } from "./pdf/font-metrics.ts";
import { fitText } from "./text-fit.ts";

const metrics = fontMetrics();
const box = { width: 100, size: 12, minSize: 6, weight: "bold" as const };

describe("text that does not fit is shrunk, then cut with an ellipsis", () => {
  it("leaves text that fits at its size", () => {
    assert.deepEqual(fitText("Ana Cruz", box, metrics), { text: "Ana Cruz", size: 12 });
  });

  it("shrinks text to fit, not below the minimum size", () => {
    const fitted = fitText("Maximiliano Fernández", box, metrics);
    assert.equal(fitted.text, "Maximiliano Fernández");
    assert.ok(fitted.size < 12 && fitted.size >= 6);
    assert.ok(metrics.width(fitted.text, "bold", fitted.size) <= box.width);
  });

  it("cuts text still too wide at the minimum size and ends it with …", () => {
    const fitted = fitText("A".repeat(200), box, metrics);
    assert.equal(fitted.size, 6);
    assert.ok(fitted.text.endsWith("…"));
    assert.ok(fitted.text.length < 200);
    assert.ok(metrics.width(fitted.text, "bold", 6) <= box.width);
  });

  it("measures WinAnsi characters with their own widths", () => {
    assert.ok(metrics.width("WWW", "regular", 10) > metrics.width("iii", "regular", 10));
    assert.equal(metrics.width("Ñ", "regular", 10), metrics.width("N", "regular", 10));
  });
});
