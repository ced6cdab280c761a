// The sync diagnostics' `scoresheets` member, over h2c: where the QR code on each match's
// scoresheet leads, so the console can say before printing when sheets will carry none.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SYNC_SECRET, startTestApp } from "../support/app.ts";

const read = async (env: Record<string, string>) => {
  const t = await startTestApp({ env });
  try {
    const res = await t.client.request("GET", "/v3/diagnostics/sync", {
      headers: { "x-sync-secret": SYNC_SECRET },
    });
    assert.equal(res.status, 200);
    return res.json().scoresheets;
  } finally {
    await t.close();
  }
};

describe("GET /v3/diagnostics/sync says where the scoresheets' QR codes lead", () => {
  test("with PAGES_URL: the score page each sheet's QR code opens", async () => {
    assert.deepEqual(await read({ PAGES_URL: "https://club.github.io/tournament-data/" }), {
      scorePageUrl: "https://club.github.io/tournament-data/score/",
    });
  });

  test("without PAGES_URL: null, since no sheet carries a QR code", async () => {
    assert.deepEqual(await read({}), { scorePageUrl: null });
  });
});
