// The hall display's address the console offers: beside the console, the day and hall in the query.
import assert from "node:assert/strict";
import { test } from "node:test";
import { displayPageUrl } from "../../src/lib/links/display-address.ts";

test("a hall's display address, and every hall's, beside the page that offers it", () => {
  const from = "http://192.168.1.20:8000/console/?day=open-sat&view=run";
  assert.equal(
    displayPageUrl("open-sat", "Rizal Hall", from),
    "http://192.168.1.20:8000/display/?day=open-sat&facility=Rizal+Hall",
  );
  assert.equal(displayPageUrl("open-sat", undefined, from), "http://192.168.1.20:8000/display/?day=open-sat");
  assert.equal(
    displayPageUrl("cup-sun", "Hall & Annex #2", "https://pages.example/results/console/"),
    "https://pages.example/results/display/?day=cup-sun&facility=Hall+%26+Annex+%232",
  );
});
