// The local data folder (the laptop stack's `npm start`) has none of GitHub's limits: no write
// budget and no commit spacing unless one is set, so a save's day file is written before its
// answer however many came before it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SPREADSHEET_BACKENDS } from "../support/backends.ts";
import { standInRelay } from "../support/stand-in-relay.ts";
import { scoreBody, scorePath } from "./schedule-fixture.ts";
import { scoreSuite } from "./score-harness.ts";

const FILE = "open-2026/data/open-sat.json";
const sheetsFake = SPREADSHEET_BACKENDS.find((backend) => backend.name === "sheets-fake");
if (sheetsFake === undefined) throw new Error("the Sheets API fake is one of the backends");

describe("score saves on the local data folder, as npm start runs the service", () => {
  const relay = standInRelay();
  // npm start sets neither ARCHIVE_MIN_INTERVAL_MS nor a write budget: the defaults are what it runs on.
  const s = scoreSuite(sheetsFake, { env: { ARCHIVE_MIN_INTERVAL_MS: "" }, liveRelay: relay });

  test("a score saved right after 60 others is in the published file when its PUT answers", async () => {
    relay.fail(false);
    let previous: [number | null, number | null] = [null, null];
    for (let save = 1; save <= 61; save++) {
      const score: [number, number] = [save % 2 === 0 ? 21 : 19, save % 30];
      const res = await s.put(scorePath(1), scoreBody(previous, score));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json().published.live.pushed, true);
      assert.equal(res.json().published.archive.status, "committed", `save ${save} is in the file`);
      previous = score;
    }
    const published = JSON.parse((await s.t.repository.read(FILE))?.content ?? "{}").matchesCsv;
    assert.match(published, new RegExp(`^Hall A,1,[^\\n]*,${previous[0]},${previous[1]}$`, "m"));
    const { repository } = (
      await s.t.client.request("GET", "/v3/diagnostics/sync", {
        headers: { authorization: `Bearer ${s.t.operatorToken()}` },
      })
    ).json();
    assert.deepEqual(repository, { delayedCommits: [] }, "no budget holds anything back");
  });
});
