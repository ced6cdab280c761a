// The relay serves only days the service announced (issue 24, M1): a made-up or over-long key
// makes no channel object and writes nothing to storage.
import assert from "node:assert/strict";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { announce, connect, RefusedUpgrade, type RunningRelay, startRelay } from "./helpers.ts";

const SECRET = "test-push-secret";
const ORIGIN = "https://pages.test";

async function refusal(path: string, relay: RunningRelay): Promise<{ status: number; body: unknown }> {
  try {
    const socket = await connect(relay.url, path, ORIGIN);
    await socket.close();
  } catch (error) {
    if (error instanceof RefusedUpgrade) return { status: error.status, body: JSON.parse(error.body) };
    throw error;
  }
  assert.fail(`${path} was accepted`);
}

function putDays(relay: RunningRelay, body: string, secret: string | null = SECRET) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (secret !== null) headers["x-publish-secret"] = secret;
  return fetch(`${relay.url}/days`, { method: "PUT", headers, body });
}

/** Every file under `dir`, as paths relative to it. */
async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe("sockets only for announced days", () => {
  let relay: RunningRelay;
  let persistDir: string;
  before(async () => {
    persistDir = await mkdtemp(join(tmpdir(), "relay-days-"));
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN], persistDir });
    await announce(relay.url, SECRET, ["open-2026/day-1", `${"e".repeat(64)}/${"d".repeat(64)}`]);
  });
  after(async () => {
    await relay.dispose();
    await rm(persistDir, { recursive: true, force: true });
  });

  it("an announced day is served on both channels, keys of 64 characters included", async () => {
    for (const path of [
      "/live/open-2026/day-1",
      "/attendance/open-2026/day-1",
      `/live/${"e".repeat(64)}/${"d".repeat(64)}`,
    ]) {
      const socket = await connect(relay.url, path, ORIGIN);
      await socket.close();
    }
  });

  it("a made-up day is 404 not_found and a 65- or 1,000-character key 400, and neither writes a file", async () => {
    const before = await files(persistDir);
    assert.deepEqual(await refusal("/live/made-up/day-x", relay), {
      status: 404,
      body: { error: "the service has announced no day made-up/day-x", code: "not_found" },
    });
    assert.equal((await refusal("/attendance/open-2026/day-2", relay)).status, 404);
    for (const path of [`/live/${"a".repeat(65)}/day-1`, `/live/open-2026/${"b".repeat(1000)}`]) {
      const { status, body } = await refusal(path, relay);
      assert.equal(status, 400, path.slice(0, 40));
      assert.equal((body as { code: string }).code, "bad_request");
    }
    assert.equal(
      (await fetch(`${relay.url}/publish/open-2026/${"b".repeat(65)}`, { method: "POST" })).status,
      400,
    );
    assert.deepEqual(await files(persistDir), before, "no storage was made for a refused key");
  });

  it("a publish or a nudge with the secret announces its day", async () => {
    assert.equal((await refusal("/live/open-2026/day-3", relay)).status, 404);
    const push = await fetch(`${relay.url}/publish/open-2026/day-3`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET },
      body: JSON.stringify({ generatedAt: "2026-03-01T08:00:00.000Z" }),
    });
    assert.equal(push.status, 200);
    const live = await connect(relay.url, "/live/open-2026/day-3", ORIGIN);
    await live.close();
    const nudge = await fetch(`${relay.url}/nudge/open-2026/day-4`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET },
      body: JSON.stringify({ facility: "Hall A" }),
    });
    assert.equal(nudge.status, 200);
    const desk = await connect(relay.url, "/attendance/open-2026/day-4", ORIGIN);
    await desk.close();
  });

  it("an announcement replaces the list: a day left out is refused again", async () => {
    await announce(relay.url, SECRET, ["open-2026/day-5"]);
    assert.equal((await refusal("/live/open-2026/day-1", relay)).status, 404);
    const socket = await connect(relay.url, "/live/open-2026/day-5", ORIGIN);
    await socket.close();
    await announce(relay.url, SECRET, ["open-2026/day-1"]);
  });

  it("PUT /days needs the secret, a list of valid <event>/<day>, and PUT", async () => {
    const list = JSON.stringify({ days: ["open-2026/day-1"] });
    assert.equal((await putDays(relay, list, null)).status, 401);
    assert.equal((await putDays(relay, list, "wrong")).status, 401);
    assert.deepEqual(await (await putDays(relay, list)).json(), { days: 1 });
    for (const body of [
      "[]",
      "{not json",
      JSON.stringify({ days: "open-2026/day-1" }),
      JSON.stringify({ days: ["open-2026"] }),
      JSON.stringify({ days: ["open-2026/day-1/x"] }),
      JSON.stringify({ days: ["Open/day-1"] }),
      JSON.stringify({ days: [`open/${"d".repeat(65)}`] }),
      JSON.stringify({ days: Array.from({ length: 2001 }, (_, i) => `e/d-${i}`) }),
    ]) {
      const response = await putDays(relay, body);
      assert.equal(response.status, 400, body.slice(0, 60));
      assert.equal(((await response.json()) as { code: string }).code, "bad_request");
    }
    const get = await fetch(`${relay.url}/days`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "PUT");
  });

  it("the list outlives a restart of the relay", async () => {
    await relay.dispose();
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN], persistDir });
    const socket = await connect(relay.url, "/live/open-2026/day-1", ORIGIN);
    await socket.close();
    assert.equal((await refusal("/live/open-2026/day-5", relay)).status, 404);
  });
});
