import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { DaySnapshotSchema } from "../../src/features/sync/schemas.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import { type SyncEnv, startSyncEnv } from "./support.ts";
import { matchRows, standingsRows } from "./support-rows.ts";

const file = JSON.parse(
  readFileSync(new URL("../../../docs/schemas/day-snapshot.schema.json", import.meta.url), "utf8"),
);

describe("The day snapshot's JSON Schema (docs/schemas/day-snapshot.schema.json)", () => {
  let env: SyncEnv;
  const ajv = new Ajv({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  const validate = ajv.compile(file);
  before(async () => {
    env = await startSyncEnv("local");
    env.services.afterFacilitySync.length = 0;
  });
  after(() => env.close());

  test("the file is the service's schema", () => {
    const { $schema, ...schema } = file;
    assert.equal($schema, "http://json-schema.org/draft-07/schema#");
    assert.deepEqual(schema, JSON.parse(JSON.stringify(DaySnapshotSchema)));
  });

  test("produced snapshots validate: ok, stale, skipped facilities and a team event's roster", async () => {
    await env.setFacility("open-hall-a", { CSV: matchRows("A", 3, 21), STANDINGSCSV: standingsRows("A") });
    await env.setFacility("teams-arena", {
      CSV: matchRows("T", 2),
      STANDINGSCSV: standingsRows("T"),
      Teams: [
        ["Team Code", "Player"],
        ["T_1", "Ana"],
      ],
    });
    const open = (
      await env.client.request("POST", "/v3/days/open-sat/facilities/Hall%20A/syncs", {
        headers: env.secret,
        body: { editedAt: new Date(env.clock.now() - 1000).toISOString() },
      })
    ).json();
    const team = (
      await env.client.request("POST", "/v3/days/teams-d1/syncs", { headers: env.secret })
    ).json();
    for (const snapshot of [
      open.snapshot,
      team.snapshot,
      await env.published(),
      await env.published("teams-2026/data/teams-d1.json"),
    ]) {
      assert.equal(validate(snapshot), true, JSON.stringify(validate.errors));
    }
    assert.equal(team.snapshot.facilities[0].rosterCsv, "Team Code,Player\nT_1,Ana\n");
    assert.equal(open.snapshot.facilities[0].rosterCsv, undefined);
  });

  test("the day's tab-name overrides are read", async () => {
    const registry = sampleRegistry();
    Object.assign(registry.events["open-2026"].days["open-sun"], {
      matchesSheetName: "Matches",
      standingsSheetName: "Table",
    });
    const other = await startSyncEnv("local", { registry });
    try {
      await other.setFacility("open-sun-hall-a", {
        Matches: matchRows("S", 1, 5),
        Table: [["Team Code"], ["MS_1"]],
      });
      const res = await other.client.request("POST", "/v3/days/open-sun/syncs", { headers: other.secret });
      assert.equal(res.status, 200);
      assert.equal(res.json().snapshot.facilities[0].standingsCsv, "Team Code\nMS_1\n");
      assert.equal(validate(res.json().snapshot), true);
    } finally {
      await other.close();
    }
  });

  test("a snapshot missing a member, or with an unknown status, does not validate", () => {
    assert.equal(validate({ event: "e", day: "d" }), false);
    const bad = {
      event: "e",
      day: "d",
      label: "L",
      date: null,
      isLive: null,
      generatedAt: "2026-11-21T02:00:00.000Z",
      editedAt: null,
      matchesCsv: "",
      facilities: [{ name: "X", status: "late", fetchedAt: null, matchesCsv: "", standingsCsv: "" }],
    };
    assert.equal(validate(bad), false);
  });
});
