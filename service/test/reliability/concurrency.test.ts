import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createTokenSigner } from "../../src/auth/tokens.ts";
import { type SheetsApiFake, startSheetsApiFake } from "../fakes/sheets-api-fake.ts";
import { TOKEN_SECRET } from "../support/app.ts";
import { h2c } from "../support/h2c.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import { facilityWorkbook } from "./support/facility-workbooks.ts";
import { record } from "./support/results.ts";

describe("concurrent callers", () => {
  const INSTANCES = 3;
  const SECONDS = Number(process.env.CONCURRENCY_SECONDS ?? 6);
  const PEOPLE = 12;
  const MATCHES = 12;
  const FACILITIES = [
    ["Hall A", "open-hall-a"],
    ["Hall B", "open-hall-b"],
  ] as const;

  let fake: SheetsApiFake;
  let dataDir: string;
  const children: ChildProcess[] = [];
  const urls: string[] = [];

  before(async () => {
    fake = await startSheetsApiFake({ tokens: ["test-token"] });
    for (const [, id] of FACILITIES)
      fake.setWorkbook(id, facilityWorkbook({ matches: MATCHES, people: PEOPLE }));
    dataDir = await mkdtemp(join(tmpdir(), "tops-concurrency-"));
    await mkdir(join(dataDir, "config"), { recursive: true });
    await writeFile(join(dataDir, "config/events.json"), `${JSON.stringify(sampleRegistry(), null, 2)}\n`);
    for (let i = 0; i < INSTANCES; i++) {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", new URL("./support/instance-main.ts", import.meta.url).pathname],
        {
          env: {
            ...process.env,
            AUTH_TOKEN_SECRET: TOKEN_SECRET,
            SHEETS_BACKEND: "google",
            SHEETS_API_URL: fake.url,
            SHEETS_ACCESS_TOKEN: "test-token",
            DATA_DIR: dataDir,
            SYNC_CONFIG_TTL_MS: "500",
            ARCHIVE_MIN_INTERVAL_MS: "0",
            // Hundreds of commits in 15 s: GitHub's budget (80 a minute) would hold the last ones for
            // most of a minute. The budget has its own test (sync/write-budget.test.ts).
            DATA_REPO_WRITES_PER_MINUTE: "100000",
            DATA_REPO_WRITES_PER_HOUR: "100000",
            LOG_LEVEL: "silent",
          },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      children.push(child);
      const [line] = (await once(child.stdout!, "data")) as [Buffer];
      urls.push(JSON.parse(line.toString()).url);
    }
  });
  after(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((c) => (c.exitCode === null ? once(c, "exit") : undefined)));
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test(`${INSTANCES} instances, ${SECONDS} s of mixed writes: every acknowledged write kept, no duplicates, one markedBy header`, async () => {
    const signer = createTokenSigner(TOKEN_SECRET)!;
    const auth = { authorization: `Bearer ${signer.issueOperator(Date.now(), 3_600_000).token}` };
    const ops: Record<string, { sent: number; acknowledged: number }> = {};
    const count = (op: string, ok: boolean) => {
      ops[op] ??= { sent: 0, acknowledged: 0 };
      ops[op].sent++;
      if (ok) ops[op].acknowledged++;
    };
    const marked = new Set<string>();
    const scores = new Map<string, [number, number]>();
    // The writes go on past SECONDS until a mark and a score were acknowledged on every facility
    // (at most a minute more): on a slow machine six seconds may hold none, and the invariants
    // below would then hold for want of writes.
    const deadline = Date.now() + SECONDS * 1000;
    const lastDeadline = deadline + 60_000;
    const landed = new Set<string>();
    const enoughLanded = () => landed.size === FACILITIES.length * 2;
    const going = () => Date.now() < deadline || (!enoughLanded() && Date.now() < lastDeadline);
    const unexpected: string[] = [];
    const worker = async (index: number) => {
      const client = h2c(urls[index % urls.length] as string);
      let n = 0;
      while (going()) {
        n++;
        const [facility, sheetId] = FACILITIES[n % FACILITIES.length] as (typeof FACILITIES)[number];
        const base = `/v3/days/open-sat/facilities/${encodeURIComponent(facility)}`;
        const kind = n % 5;
        let res: Awaited<ReturnType<typeof client.request>>;
        if (kind === 0) {
          const key = `player ${((index * 7 + n) % PEOPLE) + 1}`;
          res = await client.request("PUT", `${base}/people/${encodeURIComponent(key)}/attendance`, {
            headers: auth,
            body: { present: true },
          });
          if (res.status === 200) marked.add(`${sheetId}/${key}`);
          if (res.status === 200) landed.add(`mark ${facility}`);
          count("mark", res.status === 200);
        } else if (kind === 1) {
          // Each worker owns its matches, so a 409 means a lost write, not a rival's.
          const match = (index % MATCHES) + 1;
          const key = `${sheetId}/${match}`;
          const previous = scores.get(key) ?? null;
          const next: [number, number] = [n % 30, (n + 7) % 30];
          const expected = previous
            ? { team1Score: previous[0], team2Score: previous[1] }
            : { team1Score: null, team2Score: null };
          res = await client.request("PUT", `${base}/matches/${match}/score`, {
            headers: auth,
            body: { expected, ...{ team1Score: next[0], team2Score: next[1] } },
          });
          if (res.status === 200) scores.set(key, next);
          if (res.status === 200) landed.add(`score ${facility}`);
          count("score", res.status === 200);
        } else if (kind === 2) {
          res = await client.request("POST", n % 2 ? "/v3/days/open-sat/syncs" : `${base}/syncs`, {
            headers: auth,
          });
          count("sync", res.status === 200);
        } else if (kind === 3) {
          res = await client.request("PUT", "/v3/days/open-sat/visibility", {
            headers: auth,
            body: { isLive: [true, false, "auto"][n % 3] },
          });
          count("visibility flip", res.status === 200);
        } else {
          res = await client.request("POST", "/v3/days/open-sat/attendance/reconciliations", {
            headers: auth,
            body: { facility },
          });
          count("reconciliation", res.status === 200);
        }
        if (res.status >= 500 || (res.status >= 400 && res.status !== 409))
          unexpected.push(`${res.status} ${res.text.slice(0, 120)}`);
      }
      client.close();
    };
    await Promise.all(Array.from({ length: INSTANCES * 2 }, (_, i) => worker(i)));
    assert.ok(enoughLanded(), `a mark and a score acknowledged on every facility: only ${[...landed]}`);

    const cell = (id: string, tab: string, r: number, c: number) => fake.cell(id, tab, r, c)?.value;
    const invariants: Record<string, string[]> = {
      "no 5xx or unexpected 4xx (409 on a visibility or registry race excepted)": unexpected,
      "every acknowledged mark is in the workbook": [],
      "every acknowledged score is in the workbook": [],
      "no duplicate attendance rows": [],
      "exactly one markedBy header": [],
      "every facility is in the archived snapshot (ok) after a last sync": [],
    };
    for (const [facility, id] of FACILITIES) {
      const rows = new Map<string, number>();
      for (let r = 1; r < PEOPLE + 20; r++) {
        const key = cell(id, "ATTENDANCE", r, 0);
        if (typeof key !== "string" || key === "") continue;
        if (rows.has(key)) invariants["no duplicate attendance rows"]!.push(`${facility}: ${key}`);
        else rows.set(key, r);
      }
      for (const entry of marked) {
        const [sheet, key] = entry.split("/") as [string, string];
        if (sheet !== id) continue;
        const row = rows.get(key);
        if (row === undefined || cell(id, "ATTENDANCE", row, 4) !== true)
          invariants["every acknowledged mark is in the workbook"]!.push(`${facility}: ${key}`);
      }
      const headers = Array.from({ length: 26 }, (_, c) => cell(id, "ATTENDANCE", 0, c)).filter(
        (v) => v === "markedBy",
      ).length;
      if (headers !== 1) invariants["exactly one markedBy header"]!.push(`${facility}: ${headers}`);
      for (const [key, [one, two]] of scores) {
        const [sheet, match] = key.split("/") as [string, string];
        if (sheet !== id) continue;
        const got = [cell(id, "SCHEDULE", Number(match), 4), cell(id, "SCHEDULE", Number(match), 5)];
        if (got[0] !== one || got[1] !== two)
          invariants["every acknowledged score is in the workbook"]!.push(
            `${facility} match ${match}: ${got} ≠ ${one},${two}`,
          );
      }
    }
    // A last sync through one instance; the archive then must hold every facility's latest data.
    const client = h2c(urls[0] as string);
    const final = await client.request("POST", "/v3/days/open-sat/syncs", { headers: auth });
    client.close();
    const snapshot = JSON.parse(await readFile(join(dataDir, "open-2026/data/open-sat.json"), "utf8"));
    for (const [facility] of FACILITIES) {
      const entry = snapshot.facilities.find((f: { name: string }) => f.name === facility);
      if (final.status !== 200 || !entry || entry.status !== "ok")
        invariants["every facility is in the archived snapshot (ok) after a last sync"]!.push(
          `${facility}: ${entry?.status ?? "missing"}`,
        );
    }
    record("concurrency", { instances: INSTANCES, seconds: SECONDS, operations: ops, invariants });
    for (const [name, problems] of Object.entries(invariants)) assert.deepEqual(problems, [], name);
    assert.ok(
      Object.values(ops).every((o) => o.acknowledged > 0),
      JSON.stringify(ops),
    );
  });
});
