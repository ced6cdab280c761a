// Issue 37's row 8 on the console's store in Node: the Diagnostics panel's live push line says the
// relay is down while it is (the service's reading, read again whenever the day's live connection
// drops or comes back), with the service's fix, and says it is back once it is.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { livePushLine } from "../../src/console/store/live-push-line.ts";
import type { Diagnostics } from "../../src/lib/api/types.ts";
import { openConsole } from "../support/console-page.ts";
import { settle } from "../support/fake-clock.ts";
import { json } from "../support/fake-site.ts";

const RELAY = "http://127.0.0.1:8787";
const RESTART = "Restart the local stack: stop `npm start` (Ctrl+C) and start it again.";

/** The diagnostics as the service answers them, with the relay answering or not. */
function diagnostics(relay: Diagnostics["relay"], enabled = true): Diagnostics {
  return {
    registry: {
      revision: "abc1234",
      source: "repository",
      loadedAt: "2026-11-29T00:55:00.000Z",
      fellBack: false,
    },
    live: { enabled, baseUrl: RELAY },
    ...(relay ? { relay } : {}),
    scoresheets: { scorePageUrl: null },
    days: [],
  } as Diagnostics;
}

describe("the console's live push line", () => {
  test("it says which relay, whether it answers, and the fix the service names", () => {
    assert.deepEqual(livePushLine(diagnostics({ answers: true }), "live"), {
      text: `On, through the relay at ${RELAY}.`,
      down: false,
    });
    assert.deepEqual(
      livePushLine(
        diagnostics({ answers: false, problem: "the connection was refused", fix: RESTART }),
        "published",
      ),
      {
        text: `On, but the relay at ${RELAY} does not answer (the connection was refused): the pages read the published file every 30 s until it is back.`,
        down: true,
        fix: RESTART,
      },
    );
    assert.equal(
      livePushLine(diagnostics({ answers: true }), "published").down,
      true,
      "this page cannot reach it",
    );
    assert.equal(
      livePushLine(diagnostics(undefined, false), "push-off").text,
      `Off, through the relay at ${RELAY}.`,
    );
    assert.equal(
      livePushLine({ ...diagnostics(undefined), live: { enabled: false, baseUrl: null } }, undefined).text,
      "Off: no relay is set up",
    );
  });

  test("the relay going down and coming back is read again from the service as the day's live connection drops and returns", async () => {
    const { page, store, entry } = await openConsole("?day=open-sun");
    let relay: Diagnostics["relay"] = { answers: true };
    page.site.answer("GET", "/v3/diagnostics/sync", () => json(200, diagnostics(relay)));
    const line = () => {
      const report = store.day.diagnostics.result.value;
      return report && livePushLine(report, store.day.feed.value?.source).text;
    };
    const reads = () => page.site.calls("GET", "/v3/diagnostics/sync").length;
    store.day.openDay(entry);
    page.socket("/live/junior-open/open-sun").open();
    await settle();
    assert.equal(line(), `On, through the relay at ${RELAY}.`);
    const before = reads();

    relay = { answers: false, problem: "the connection was refused", fix: RESTART };
    page.socket("/live/junior-open/open-sun").drop();
    await settle();
    assert.equal(reads(), before + 1, "read again as the connection dropped");
    assert.match(
      line() ?? "",
      /^On, but the relay at http:\/\/127\.0\.0\.1:8787 does not answer \(the connection was refused\)/,
    );
    assert.equal(store.day.diagnostics.result.value?.relay?.fix, RESTART);

    relay = { answers: true };
    await page.clock.advance(60_000);
    page.socket("/live/junior-open/open-sun").open();
    await settle();
    assert.equal(reads(), before + 2, "read again as it came back");
    assert.equal(line(), `On, through the relay at ${RELAY}.`);
  });
});
