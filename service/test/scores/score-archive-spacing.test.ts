// A score save pushed live answers its umpire once the score is on the sheet and with the pages,
// without waiting for the day file's commit spacing (ARCHIVE_MIN_INTERVAL_MS): the second of two
// saves in a row is `carried`, and its snapshot is written at the commit's turn, never dropped.
// With the relay unreachable the file is the pages' only way to the score: the answer waits for it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SPREADSHEET_BACKENDS } from "../support/backends.ts";
import { standInRelay } from "../support/stand-in-relay.ts";
import { scoreBody, scorePath } from "./schedule-fixture.ts";
import { scoreSuite } from "./score-harness.ts";

const FILE = "open-2026/data/open-sat.json";
const sheetsFake = SPREADSHEET_BACKENDS.find((backend) => backend.name === "sheets-fake");
if (sheetsFake === undefined) throw new Error("the Sheets API fake is one of the backends");

describe("score saves and the day file's commit spacing", () => {
  const relay = standInRelay();
  // A spacing far longer than the test: a second commit waits for the flush (as at the app's close).
  const s = scoreSuite(sheetsFake, { env: { ARCHIVE_MIN_INTERVAL_MS: "600000" }, liveRelay: relay });
  const fileCsv = async () => JSON.parse((await s.t.repository.read(FILE))?.content ?? "{}").matchesCsv;

  test("pushed live, the second save in a row answers before its commit's turn, as carried; the flush writes it", async () => {
    relay.fail(false);
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
    assert.deepEqual(second.json().published.live, { pushed: true, clients: 2 });
    assert.deepEqual(
      second.json().published.archive,
      { path: FILE, status: "carried", revision: committed?.revision },
      "answered at once, with the file's last revision known",
    );
    assert.match(await fileCsv(), /^Hall A,2,C2,[^,]*,[^,]*,21,15$/m, "not written yet");
    assert.match(
      JSON.stringify(relay.pushes.at(-1)?.snapshot),
      /Hall A,2,C2,[^,]*,[^,]*,15,21/,
      "the pages have it",
    );

    await s.t.flushCommits();
    assert.match(await fileCsv(), /^Hall A,2,C2,[^,]*,[^,]*,15,21$/m, "written at the flush");
  });

  test("with the relay unreachable, the save answers once the file holds the score", async () => {
    const first = await s.put(scorePath(1), scoreBody([null, null], [21, 17]));
    assert.equal(first.status, 200, first.text);
    relay.fail(true);
    let answered = false;
    const second = s.put(scorePath(2), scoreBody([21, 15], [15, 21])).finally(() => {
      answered = true;
    });
    // The commit waits for its turn (the flush stands in for the spacing's end).
    while (!answered) {
      await s.t.flushCommits();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const res = await second;
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json().published.live.pushed, false);
    assert.equal(res.json().published.archive.status, "committed");
    assert.match(await fileCsv(), /^Hall A,2,C2,[^,]*,[^,]*,15,21$/m);
  });
});
