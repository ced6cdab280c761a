import assert from "node:assert/strict";
import { describe, mock, test } from "node:test";
import { personKey } from "../../../service/src/features/attendance/person-key.ts";
import { ApiError } from "../../src/lib/api/client.ts";
import { FOLLOW_UP_MS, NUDGE_GAP_MS, planListReads } from "../../src/lib/attendance/list-reads.ts";
import { type Mark, markQueue, retryDelayMs } from "../../src/lib/attendance/pending-marks.ts";
import { personSearch } from "../../src/lib/attendance/person-search.ts";
import { MemoryStorage } from "../support/memory-storage.ts";

describe("finding a person as the person key does", () => {
  const people = [
    { player: "Mónica Yáñez", teams: ["XDOPEN_1"] },
    { player: "José  Ñañez", teams: ["MSOPEN_2"] },
    { player: "Zoë Santiago", teams: [] },
  ];
  const found = (query: string) => people.filter(personSearch(query)).map((p) => p.player);

  test("accents, capitals and extra spaces are ignored on both sides", () => {
    assert.deepEqual(found("monica"), ["Mónica Yáñez"]);
    assert.deepEqual(found("  YÁÑEZ "), ["Mónica Yáñez"]);
    assert.deepEqual(found("zoe"), ["Zoë Santiago"]);
    assert.deepEqual(found("nanez jose"), ["José  Ñañez"]);
  });

  test("every word must match, a team code matches too, and an empty search keeps everyone", () => {
    assert.deepEqual(found("monica santiago"), []);
    assert.deepEqual(found("msopen"), ["José  Ñañez"]);
    assert.equal(found("").length, 3);
  });

  test("the folding is the service's person key itself", () => {
    for (const name of ["Mónica Yáñez", "ÍÑIGO  Muñoz", "Zoë", "李 小龙", "Ｆｕｌｌ"]) {
      assert.ok(personSearch(personKey(name))({ player: name, teams: [] }), name);
    }
  });
});

describe("when a list is read: the spec's client rules", () => {
  const setup = () => {
    mock.timers.enable({ apis: ["setTimeout", "Date"], now: 1_000_000 });
    const at: number[] = [];
    const reads = planListReads(() => at.push(Date.now() - 1_000_000), {
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
    /** Moves the clock in small steps (node 20's tick runs due timers with the clock already at its end). */
    const advance = (ms: number) => {
      for (let left = ms; left > 0; left -= 100) mock.timers.tick(Math.min(100, left));
    };
    return { at, reads, advance };
  };

  test("open, back into view, socket reopened and refresh each read now and once more 11 s later", (t) => {
    t.after(() => mock.timers.reset());
    const { at, reads, advance } = setup();
    reads.request("open");
    advance(3_000);
    reads.request("refresh");
    advance(60_000);
    assert.deepEqual(at, [0, 3_000, FOLLOW_UP_MS, 3_000 + FOLLOW_UP_MS]);
    for (const reason of ["visible", "socket-reopened"] as const) {
      at.length = 0;
      const start = Date.now() - 1_000_000;
      reads.request(reason);
      advance(60_000);
      assert.deepEqual(at, [start, start + FOLLOW_UP_MS], reason);
    }
  });

  test("a nudge re-reads at once and at most once per 2 s; nudges inside the gap make one read at its end", (t) => {
    t.after(() => mock.timers.reset());
    const { at, reads, advance } = setup();
    reads.request("nudge");
    advance(500);
    reads.request("nudge");
    advance(500);
    reads.request("nudge");
    advance(10_000);
    assert.deepEqual(at, [0, NUDGE_GAP_MS]);
    reads.request("nudge");
    advance(60_000);
    assert.deepEqual(at, [0, NUDGE_GAP_MS, 11_000], "a nudge after the gap reads at once, with no follow-up");
  });

  test("nothing polls: with no trigger there is no read, and stop cancels what was planned", (t) => {
    t.after(() => mock.timers.reset());
    const { at, reads, advance } = setup();
    advance(600_000);
    assert.deepEqual(at, []);
    reads.request("open");
    reads.request("nudge");
    reads.request("nudge");
    reads.stop();
    advance(60_000);
    reads.request("refresh");
    assert.deepEqual(at, [600_000, 600_000], "the open and the first nudge read, nothing after stop");
  });
});

describe("marks kept on the phone through a Wi-Fi drop", () => {
  type Sent = { mark: Mark; answer(value: string): void; fail(error: unknown): void };
  const setup = (storage = new MemoryStorage()) => {
    const sent: Sent[] = [];
    const landed: string[] = [];
    const refused: string[] = [];
    const state = { online: true, blocked: undefined as string | undefined };
    const timers: Array<{ run: () => void; ms: number }> = [];
    const queue = markQueue<string>({
      storage,
      day: "open-sun",
      send: (mark) => new Promise((resolve, reject) => sent.push({ mark, answer: resolve, fail: reject })),
      blocked: () => state.blocked,
      online: () => state.online,
      landed: (mark, answer) => landed.push(`${mark.key}:${answer}`),
      refused: (mark, reason) => refused.push(`${mark.key}:${reason}`),
      changed: () => {},
      timers: {
        setTimeout: (run, ms) => timers.push({ run, ms }),
        clearTimeout: () => {},
      },
    });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    return { queue, sent, landed, refused, state, timers, storage, settle };
  };
  const tap = (key: string, present = true) => ({ facility: "Rizal Hall", key, player: key, present });

  test("offline, two taps are kept (in storage too) and nothing is sent; back online, each is sent once", async () => {
    const { queue, sent, landed, state, storage, settle } = setup();
    state.online = false;
    queue.add(tap("monica yanez"), 1);
    queue.add(tap("jose nanez"), 2);
    assert.equal(sent.length, 0);
    assert.deepEqual(
      queue.marks().map((m) => [m.key, m.state]),
      [
        ["monica yanez", "waiting"],
        ["jose nanez", "waiting"],
      ],
    );
    assert.equal(JSON.parse(storage.getItem("tournament-ops.pending-marks.open-sun")!).length, 2);
    state.online = true;
    queue.flush();
    queue.flush();
    assert.equal(sent.length, 1, "one mark at a time, and a second flush sends nothing twice");
    sent[0]!.answer("ok");
    await settle();
    assert.equal(sent.length, 2);
    queue.flush();
    sent[1]!.answer("ok");
    await settle();
    queue.flush();
    assert.deepEqual(
      sent.map((s) => s.mark.key),
      ["monica yanez", "jose nanez"],
    );
    assert.deepEqual(landed, ["monica yanez:ok", "jose nanez:ok"]);
    assert.deepEqual(queue.marks(), []);
    assert.equal(storage.getItem("tournament-ops.pending-marks.open-sun"), null);
  });

  test("a send with no answer waits and goes again after a growing pause; an answered mark never goes again", async () => {
    const { queue, sent, timers, settle } = setup();
    queue.add(tap("monica yanez"), 1);
    sent[0]!.fail(new ApiError("unreachable", 0, undefined));
    await settle();
    assert.equal(queue.marks()[0]?.state, "waiting");
    assert.deepEqual(
      timers.map((t) => t.ms),
      [retryDelayMs(1)],
    );
    timers[0]!.run();
    assert.equal(sent.length, 2);
    sent[1]!.fail(new ApiError("unreachable", 0, undefined));
    await settle();
    assert.equal(timers[1]?.ms, retryDelayMs(2));
    assert.ok(retryDelayMs(2) > retryDelayMs(1) && retryDelayMs(20) === 30_000);
    timers[1]!.run();
    sent[2]!.answer("ok");
    await settle();
    queue.flush();
    assert.equal(sent.length, 3);
  });

  test("refused for a reason of its own, a mark is dropped and reported; the next one still goes", async () => {
    const { queue, sent, refused, settle } = setup();
    queue.add(tap("nobody"), 1);
    queue.add(tap("monica yanez"), 2);
    sent[0]!.fail(new ApiError("That was not found.", 404, { code: "not_found" }));
    await settle();
    assert.deepEqual(refused, ["nobody:That was not found."]);
    assert.equal(sent[1]?.mark.key, "monica yanez");
  });

  test("a link that expired or is refused holds every mark, visible, and sends nothing more", async () => {
    const { queue, sent, settle } = setup();
    queue.add(tap("monica yanez"), 1);
    sent[0]!.fail(new ApiError("no longer valid", 401, { code: "unauthorized" }));
    await settle();
    queue.add(tap("jose nanez"), 2);
    queue.flush();
    assert.equal(sent.length, 1);
    assert.equal(queue.heldBecause(), "no longer valid");
    assert.deepEqual(
      queue.marks().map((m) => m.state),
      ["held", "held"],
    );
    queue.discard();
    assert.deepEqual(queue.marks(), []);

    const other = setup();
    other.state.blocked = "This desk link expired.";
    other.queue.add(tap("monica yanez"), 1);
    assert.equal(other.sent.length, 0);
    assert.equal(other.queue.heldBecause(), "This desk link expired.");
  });

  test("a second tap replaces a waiting mark, and follows one already on its way", async () => {
    const { queue, sent, state, settle } = setup();
    state.online = false;
    queue.add(tap("monica yanez", true), 1);
    queue.add(tap("monica yanez", false), 2);
    assert.deepEqual(
      queue.marks().map((m) => m.present),
      [false],
    );
    state.online = true;
    queue.flush();
    queue.add(tap("monica yanez", true), 3);
    assert.equal(sent.length, 1);
    sent[0]!.answer("ok");
    await settle();
    assert.deepEqual(
      sent.map((s) => s.mark.present),
      [false, true],
    );
  });

  test("marks kept by an earlier visit are sent when the page opens again", async () => {
    const first = setup();
    first.state.online = false;
    first.queue.add(tap("monica yanez"), 1);
    first.queue.stop();
    const again = setup(first.storage);
    await again.settle();
    assert.equal(again.sent[0]?.mark.key, "monica yanez");
    assert.equal(again.sent[0]?.mark.id, first.queue.marks()[0]?.id);
  });
});
