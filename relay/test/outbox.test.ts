// Issue 35, M3: the order of a channel's writes (relay/src/outbox.ts), with stand-in sockets: the
// sockets whose page has shown it reads are written in the send's own turn, every other in
// batches, one batch per later turn of the event loop, and each socket's messages in the order
// they were sent, whatever it showed in between.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Outbox } from "../src/outbox.ts";

/** A stand-in socket: whether its page has read, and whether writing to it closes it instead. */
interface Socket {
  name: string;
  read: boolean;
  closes?: boolean;
}

/**
 * An outbox over stand-ins whose writes are logged with the turn they were made in; its turns of
 * the event loop are stepped by hand ({@link step}), so what each turn writes is exact.
 */
function logged(batch: number) {
  const log: Array<{ socket: string; message: string; turn: number }> = [];
  let turn = 0;
  let pending: (() => void) | undefined;
  const outbox = new Outbox<Socket>(
    {
      hasRead: (socket) => socket.read,
      write: (socket, message) => {
        log.push({ socket: socket.name, message, turn });
        return socket.closes !== true;
      },
    },
    batch,
    () => new Promise((resolve) => (pending = resolve)),
  );
  /** Lets the turn the outbox waits for come; resolves once what it writes then is written. */
  const step = async (): Promise<void> => {
    turn++;
    const next = pending;
    pending = undefined;
    next?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  /** Steps turns until `until` settles; its value. */
  const stepUntil = async <T>(until: Promise<T>): Promise<T> => {
    let settled = false;
    void until.finally(() => (settled = true));
    while (!settled) await step();
    return until;
  };
  return { log, outbox, step, stepUntil };
}

const sockets = (count: number, read: boolean, prefix: string): Socket[] =>
  Array.from({ length: count }, (_, i) => ({ name: `${prefix}${i}`, read }));

describe("M3: the sockets that have shown they read are written first, the others in batches", () => {
  it("a reader among 1,000 silent sockets is written in the send's own turn, before any of them", async () => {
    const { log, outbox, stepUntil } = logged(100);
    const silent = sockets(1000, false, "silent");
    const reader: Socket = { name: "spectator", read: true };
    // The reader last, as the runtime may list a socket that connected after the others.
    const sent = outbox.send([...silent, reader], "score", 5);
    assert.deepEqual(
      log.map((entry) => entry.socket),
      ["spectator"],
      "only the reader is written before the send returns",
    );
    assert.equal(await stepUntil(sent), 1001, "every socket was written once all were tried");
    assert.deepEqual(
      log.slice(1).map((entry) => entry.socket),
      silent.map((socket) => socket.name),
      "then the silent ones, in the order given",
    );
    const perTurn = new Map<number, number>();
    for (const { turn } of log.slice(1)) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    assert.deepEqual(
      [...perTurn],
      Array.from({ length: 10 }, (_, i) => [i + 1, 100]),
      "100 a turn, in the 10 turns after the reader's",
    );
  });

  it("a message sent while another waits reaches the readers at once, and the silent ones behind the first", async () => {
    const { log, outbox, step, stepUntil } = logged(2);
    const silent = sockets(5, false, "silent");
    const reader: Socket = { name: "spectator", read: true };
    const first = outbox.send([...silent, reader], "one", 3);
    const second = outbox.send([...silent, reader], "two", 3);
    assert.deepEqual(
      log.map((entry) => `${entry.socket} ${entry.message}`),
      ["spectator one", "spectator two"],
    );
    await step();
    assert.deepEqual(
      log.slice(2).map((entry) => `${entry.socket} ${entry.message}`),
      ["silent0 one", "silent1 one"],
      "the next turn writes the first message's batch",
    );
    assert.deepEqual(await stepUntil(Promise.all([first, second])), [6, 6]);
    for (const socket of silent) {
      const got = log.filter((entry) => entry.socket === socket.name).map((entry) => entry.message);
      assert.deepEqual(got, ["one", "two"], `${socket.name} in order`);
    }
  });

  it("a socket with a message waiting gets the next behind it, even once its page has read", async () => {
    const { log, outbox, step, stepUntil } = logged(10);
    const page: Socket = { name: "page", read: false };
    const first = outbox.send([page], "one", 3);
    page.read = true;
    const second = outbox.send([page], "two", 3);
    outbox.sendNow(page, "three", 5);
    assert.equal(log.length, 0, "nothing is written ahead of the waiting message");
    await stepUntil(Promise.all([first, second]));
    await step();
    assert.deepEqual(
      log.map((entry) => entry.message),
      ["one", "two", "three"],
    );
    outbox.sendNow(page, "four", 4);
    assert.equal(log.at(-1)?.message, "four", "with nothing waiting, written at once");
  });

  it("a socket closed instead of written (past its unread limit) is not counted", async () => {
    const { outbox, stepUntil } = logged(10);
    const closing = { ...sockets(1, false, "silent")[0]!, closes: true };
    const reader: Socket = { name: "spectator", read: true };
    assert.equal(await stepUntil(outbox.send([closing, reader], "score", 5)), 1);
    assert.equal(await outbox.send([], "score", 5), 0, "a send to no socket answers at once");
  });
});
