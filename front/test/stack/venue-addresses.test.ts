// Issue 35, M2, against the stack exactly as `npm start` starts it (the front, with its default
// bounds, in front of the real service): 25 addresses on the venue Wi-Fi each hold slow requests
// (32 at once, the front's in-flight cap, renewed as each is answered), and a desk's mark and a
// scorer's save, each with its token, are answered all the same.
import assert from "node:assert/strict";
import type { Socket } from "node:net";
import { after, before, describe, test } from "node:test";
import { type RunningStack, startStack } from "../../../web/test/support/stack.ts";
import { call, rawConnection, venueRow } from "../support/wire.ts";

const ADDRESSES = Array.from({ length: 25 }, (_, i) => `127.0.0.${i + 11}`);
/** The front's requests in flight per address (FRONT_SETTINGS.inFlightPerClient). */
const PER_ADDRESS = 32;
/** The desk's and the scorer's own address, none of the 25. */
const STAFF = "127.0.0.2";
const DESK_DAY = "open-sun";
const SCORE_DAY = "open-sat";
const HALL = encodeURIComponent("Rizal Hall");

let run: RunningStack;
let front: string;

before(async () => {
  run = await startStack();
  front = run.stack.front;
  await run.signIn();
  // The Sunday's sync fills each workbook's ATTENDANCE tab from its roster.
  assert.equal((await run.api("POST", `/v3/days/${DESK_DAY}/syncs`)).status, 200);
});
after(() => run?.stop());

/**
 * One slow request, as a hostile page holds it: a sign-in whose 60,000-byte body never comes,
 * opened again whenever it is answered (the service's body deadline answers it 408) until `stop`.
 * A request the front refuses at once (429: past the address's share) is not renewed.
 */
function holdSlowRequest(from: string, port: number) {
  let socket: Socket | undefined;
  let waiting = false;
  let refused = false;
  let stopped = false;
  const open = async () => {
    const connection = await rawConnection(port, from);
    socket = connection.socket;
    waiting = true;
    socket.once("data", (chunk: Buffer | string) => {
      connection.socket.destroy();
      if (String(chunk).startsWith("HTTP/1.1 429")) refused = true;
      // Renewed at once: the address goes on holding it (the new one is on its way).
      if (refused || stopped) waiting = false;
      else
        void open().catch(() => {
          waiting = false;
        });
    });
    socket.write(
      `POST /v3/sessions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{`,
    );
  };
  return {
    opened: open(),
    /** Sent and not answered yet (or answered and being sent again): held by the front or the service. */
    held: () => waiting,
    refused: () => refused,
    stop() {
      stopped = true;
      socket?.destroy();
    },
  };
}

describe("M2: many addresses holding slow requests do not take the desks' and scorers' calls", () => {
  test("25 addresses × 32 slow requests: a desk mark and a score save with their tokens are answered", async () => {
    const desk = await run.api("POST", `/v3/days/${DESK_DAY}/attendance/desk-links`, {});
    const scorer = await run.api("POST", `/v3/days/${SCORE_DAY}/scores/scorer-links`, { issuedTo: "Ana" });
    assert.equal(desk.status, 201);
    assert.equal(scorer.status, 201);
    const asDesk = { authorization: `Bearer ${desk.body.token}`, "content-type": "application/json" };
    const asScorer = { authorization: `Bearer ${scorer.body.token}`, "content-type": "application/json" };
    const people = await call(`${front}/v3/days/${DESK_DAY}/facilities/${HALL}/people`, {
      from: STAFF,
      headers: asDesk,
    });
    const [person] = JSON.parse(people.text) as Array<{ key: string }>;
    assert.ok(person, "the roster has people");

    const port = Number(new URL(front).port);
    const slow = ADDRESSES.flatMap((from) =>
      Array.from({ length: PER_ADDRESS }, () => ({ from, ...holdSlowRequest(from, port) })),
    );
    try {
      await Promise.all(slow.map(({ opened }) => opened));
      // Every request is held or refused before the staff call (the refusals come at once).
      for (let waited = 0; slow.some((r) => !r.held() && !r.refused()) && waited < 30_000; waited += 50)
        await new Promise((done) => setTimeout(done, 50));
      const holding = () => new Set(slow.filter((r) => r.held()).map((r) => r.from)).size;
      const holdingBefore = holding();
      const mark = await call(
        `${front}/v3/days/${DESK_DAY}/facilities/${HALL}/people/${encodeURIComponent(person.key)}/attendance`,
        { from: STAFF, method: "PUT", headers: asDesk, body: JSON.stringify({ present: true }) },
      );
      const save = await call(`${front}/v3/days/${SCORE_DAY}/facilities/${HALL}/matches/106/score`, {
        from: STAFF,
        method: "PUT",
        headers: asScorer,
        body: JSON.stringify({
          expected: { team1Score: null, team2Score: null },
          team1Score: 21,
          team2Score: 17,
        }),
      });
      const holdingAfter = holding();
      const held = slow.filter((r) => r.held()).length;
      const refused = slow.filter((r) => r.refused()).length;
      venueRow(
        "35 M2",
        `${ADDRESSES.length} addresses × ${PER_ADDRESS} slow POST /v3/sessions (Content-Length 60000, one byte sent; renewed when answered), the stack as npm start starts it`,
        "every address still holding slow requests before and after; the desk mark and the scorer's save answered 200 (their times recorded, not judged)",
        `${holdingBefore} then ${holdingAfter} addresses holding, ${held} held, ${refused} × 429; mark ${mark.status} in ${mark.ms.toFixed(0)} ms, save ${save.status} in ${save.ms.toFixed(0)} ms`,
        holdingBefore === ADDRESSES.length &&
          holdingAfter === ADDRESSES.length &&
          mark.status === 200 &&
          save.status === 200,
      );
      assert.equal(JSON.parse(save.text).team1Score, 21, save.text);
    } finally {
      for (const request of slow) request.stop();
    }
  });
});
