// What the pages' service worker (src/offline/sw.ts) answers from the phone: each page's own
// document, found from the address it opens, and the settings and registry; never the API.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isSettingsFile, pageDocumentOf, pageOf } from "../../src/offline/routes.ts";

describe("the service worker's routes", () => {
  test("an address opens its page folder's precached document, under any scope", () => {
    const scope = "https://results.example/";
    assert.equal(pageOf(new URL("https://results.example/desk/?facility=Rizal+Hall#token"), scope), "desk/");
    assert.equal(pageOf(new URL("https://results.example/score/?facility=A&match=107"), scope), "score/");
    assert.equal(pageOf(new URL("https://results.example/"), scope), "");
    assert.equal(pageOf(new URL("https://results.example/index.html"), scope), "");
    const nested = "https://org.example/tournament/";
    assert.equal(pageOf(new URL("https://org.example/tournament/public/?day=open-sat"), nested), "public/");
    assert.equal(pageOf(new URL("https://org.example/elsewhere/public/"), nested), "");
  });

  test("the settings and the registry are kept, wherever the static site is; the API never", () => {
    assert.equal(isSettingsFile(new URL("https://results.example/config.json")), true);
    assert.equal(isSettingsFile(new URL("https://data.example/config/events.json")), true);
    assert.equal(isSettingsFile(new URL("https://results.example/junior-open/data/open-sat.json")), false);
    assert.equal(isSettingsFile(new URL("https://api.example/v3/config.json")), false);
    assert.equal(isSettingsFile(new URL("https://results.example/desk/")), false);
  });

  test("a page load the network refuses (4xx/5xx) opens the page's own precached document; other files keep the answer", () => {
    const scope = "https://org.example/tournament/";
    const at = (path: string) => pageDocumentOf(new URL(`https://org.example${path}`), scope);
    assert.equal(at("/tournament/public/?day=open-sat"), "public/index.html");
    assert.equal(at("/tournament/desk/index.html#token"), "desk/index.html");
    assert.equal(at("/tournament/"), "index.html");
    assert.equal(at("/tournament/index.html"), "index.html");
    assert.equal(at("/tournament/public"), undefined, "no slash: the network's redirect stands");
    assert.equal(at("/tournament/public/other.html"), undefined);
    assert.equal(at("/tournament/config/events.json"), undefined);
    assert.equal(at("/tournament/missing.html"), undefined);
    assert.equal(at("/elsewhere/public/"), undefined);
  });
});
