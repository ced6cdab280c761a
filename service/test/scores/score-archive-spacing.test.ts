// A score save answers its umpire once the score is on the sheet (and pushed live), without waiting
// for the day file's commit spacing (ARCHIVE_MIN_INTERVAL_MS): the second of two saves in a row is
// `carried`, and its snapshot is written at the commit's turn, never dropped.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SPREADSHEET_BACKENDS } from "../support/backends.ts";
import { scoreBody, scorePath } from "./schedule-fixture.ts";
import { scoreSuite } from "./score-harness.ts";

const FILE = "open-2026/data/open-sat.json";
const sheetsFake = SPREADSHEET_BACKENDS.find((backend) => backend.name === "sheets-fake");
if (sheetsFake === undefined) throw new Error("the Sheets API fake is one of the backends");

describe("score saves and the day file's commit spacing", () => {
  // A spacing far longer than the test: the second commit waits for the flush (as at the app's close).
  const s = scoreSuite(sheetsFake, { env: { ARCHIVE_MIN_INTERVAL_MS: "600000" } });

  test("the second save in a row answers before its commit's turn, as carried; the flush writes it", async () => {
    const first = await s.put(scorePath(1), scoreBody([null, null], [21, 17]));
    assert.equal(first.status, 200, first.text);
    const committed = await s.t.repository.read(FILE);
    assert.deepEqual(first.json().published.archive, {
      path: FILE,
      status: "committed",
      revision: committed?.revision,
    });

    const second = await s.put(scorePath(2), scoreBody([21, 15], [15, 21]));
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(
      second.json().published.archive,
      { path: FILE, status: "carried", revision: committed?.revision },
      "answered at once, the file's last revision known",
    );
    assert.deepEqual(Object.keys(second.json().published.archive).sort(), ["path", "revision", "status"]);
    const meanwhile = JSON.parse((await s.t.repository.read(FILE))?.content ?? "{}");
    assert.match(meanwhile.matchesCsv, /^Hall A,2,C2,[^,]*,[^,]*,21,15$/m, "not written yet");

    await s.t.flushCommits();
    const flushed = JSON.parse((await s.t.repository.read(FILE))?.content ?? "{}");
    assert.match(flushed.matchesCsv, /^Hall A,2,C2,[^,]*,[^,]*,15,21$/m, "written at the flush");
  });
});
