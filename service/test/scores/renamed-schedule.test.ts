import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SPREADSHEET_BACKENDS } from "../support/backends.ts";
import { HALL_A, scoreBody, scorePath, TEAM1_SCORE, TEAM2_SCORE } from "./schedule-fixture.ts";
import { scoreSuite } from "./score-harness.ts";

// Scenario C: an organiser keeps a copy of SCHEDULE by renaming it "SCHEDULE backup" and
// duplicating it back as "SCHEDULE"; the copy gets a new sheet id, the backup keeps the old one.
describe("score entry over the Sheets API fake: a renamed-and-duplicated SCHEDULE", () => {
  const s = scoreSuite(SPREADSHEET_BACKENDS.find((backend) => backend.name === "sheets-fake")!);
  const cellsOf = (tab: string) =>
    [TEAM1_SCORE, TEAM2_SCORE].map((column) => s.backend.fake?.cell(HALL_A, tab, 1, column));

  test("the next save lands in the tab titled SCHEDULE now, never in the backup through an earlier id", async () => {
    const fake = s.backend.fake!;
    const first = await s.put(scorePath(1), scoreBody([null, null], [21, 15]));
    assert.equal(first.status, 200);
    const idBefore = fake.tab(HALL_A, "SCHEDULE")?.sheetId;

    fake.renameTab(HALL_A, "SCHEDULE", "SCHEDULE backup");
    fake.duplicateTab(HALL_A, "SCHEDULE backup", "SCHEDULE");
    assert.notEqual(fake.tab(HALL_A, "SCHEDULE")?.sheetId, idBefore);
    assert.equal(fake.tab(HALL_A, "SCHEDULE backup")?.sheetId, idBefore);

    const correction = await s.put(scorePath(1), scoreBody([21, 15], [21, 17]));
    assert.equal(correction.status, 200);
    assert.deepEqual(
      cellsOf("SCHEDULE").map((cell) => cell?.value),
      [21, 17],
    );
    assert.match(String(cellsOf("SCHEDULE")[1]?.note), /^Operator console · /);
    assert.deepEqual(
      cellsOf("SCHEDULE backup").map((cell) => cell?.value),
      [21, 15],
      "the backup is untouched",
    );

    // A correction sent with the values just answered goes through: the answer told the truth.
    const again = await s.put(scorePath(1), scoreBody([21, 17], [21, 18]));
    assert.equal(again.status, 200);
    assert.deepEqual(
      cellsOf("SCHEDULE").map((cell) => cell?.value),
      [21, 18],
    );
  });

  test("each save reads the tab's id with its cells in one request: no tab listing, no id kept between saves", async () => {
    const fake = s.backend.fake!;
    fake.resetLog();
    assert.equal((await s.put(scorePath(1), scoreBody([null, null], [11, 21]))).status, 200);
    // Beside its read, a final score's save reads CALLS (to end the match's call): left out here.
    const readsCalls = (r: (typeof fake.requests)[number]) => r.query.getAll("ranges").join() === "'CALLS'";
    const beforePublish = fake.requests.findIndex(
      (r) => r.path.endsWith("/values:batchGet") && !readsCalls(r),
    );
    const saveRequests = fake.requests
      .slice(0, beforePublish)
      .filter((r) => !readsCalls(r))
      .map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(saveRequests, [
      `GET /v4/spreadsheets/${HALL_A}`,
      `POST /v4/spreadsheets/${HALL_A}:batchUpdate`,
    ]);
    assert.match(String(fake.requests[0]?.query.get("fields")), /sheetId/);
  });
});
