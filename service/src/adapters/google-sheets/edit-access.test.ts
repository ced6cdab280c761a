import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { listen, type RunningServer, sendJson } from "../../../test/fakes/http-server.ts";
import { type SheetsApiFake, startSheetsApiFake } from "../../../test/fakes/sheets-api-fake.ts";
import { fixedToken } from "../../../test/support/sheets-credentials.ts";
import { workbookEditAccess } from "./edit-access.ts";

describe("whether the service account may edit a workbook, asked of Google Drive", () => {
  let fake: SheetsApiFake;
  let drive: RunningServer;
  /** What the stand-in Drive answers: Google's error bodies for a disabled API and a narrow token. */
  let refusal: unknown;

  before(async () => {
    fake = await startSheetsApiFake({ tokens: ["sa"] });
    drive = await listen(
      async (_req, res) => sendJson(res, 403, refusal),
      () => {},
    );
  });
  after(async () => {
    await fake.close();
    await drive.close();
  });

  const ask = (url: string, token: string | undefined, sheetId: string) =>
    workbookEditAccess({ driveApiUrl: url, credentials: fixedToken(token), fetchTimeoutMs: 5_000 }, sheetId);

  test("Editor, Viewer and not shared at all, from the fake's Drive", async () => {
    fake.setWorkbook("editor", { A: [] });
    fake.setWorkbook("viewer", { A: [] }, { role: "reader" });
    fake.setWorkbook("link-only", { A: [] }, { token: false, key: true });
    assert.deepEqual(await ask(fake.url, "sa", "editor"), { kind: "edit" });
    assert.deepEqual(await ask(fake.url, "sa", "viewer"), { kind: "read-only" });
    assert.deepEqual(await ask(fake.url, "sa", "link-only"), { kind: "not-shared" });
    const asked = fake.requests.at(-1);
    assert.equal(asked?.query.get("fields"), "capabilities/canEdit");
  });

  test("a Drive API that is off, a token without the scope, or no token at all say so, with the fix", async () => {
    refusal = {
      error: {
        code: 403,
        message: "Google Drive API has not been used in project 123 before or it is disabled.",
        errors: [{ domain: "usageLimits", reason: "accessNotConfigured", message: "…" }],
        status: "PERMISSION_DENIED",
      },
    };
    assert.deepEqual(await ask(drive.url, "sa", "x"), {
      kind: "unknown",
      reason:
        "the Google Drive API is off in the Cloud project: enable drive.googleapis.com (deploy/setup does)",
    });
    refusal = {
      error: {
        code: 403,
        message: "Request had insufficient authentication scopes.",
        details: [
          { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT" },
        ],
        status: "PERMISSION_DENIED",
      },
    };
    assert.match(
      ((await ask(drive.url, "sa", "x")) as { reason: string }).reason,
      /drive\.metadata\.readonly scope/,
    );
    assert.match(
      ((await ask(drive.url, undefined, "x")) as { reason: string }).reason,
      /no service-account token/,
    );
  });
});
