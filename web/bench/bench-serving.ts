/**
 * What the page benchmark's pages are served from: a data folder publishing the bench day, and a
 * WebSocket server standing in for the relay.
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type WebSocket, WebSocketServer } from "ws";
import type { DaySnapshot } from "../../service/src/features/sync/types.ts";

/** A data folder with the bench day published and a registry that lists it, live. */
export async function dataFolder(day: DaySnapshot): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "tops-page-bench-"));
  await mkdir(join(dir, "config"), { recursive: true });
  await mkdir(join(dir, day.event, "data"), { recursive: true });
  const registry = {
    version: 1,
    defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
    events: {
      [day.event]: {
        type: "standard",
        title: "Bench Open",
        days: { [day.day]: { label: day.label, date: day.date, isLive: true, facilities: day.facilities } },
      },
    },
  };
  await writeFile(join(dir, "config/events.json"), JSON.stringify(registry));
  await writeFile(join(dir, day.event, "data", `${day.day}.json`), JSON.stringify(day));
  return dir;
}

/** A WebSocket server standing in for the relay: each page that connects gets the day whole first. */
export async function fakeRelay(first: DaySnapshot) {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((done) => server.once("listening", done));
  let socket: WebSocket | undefined;
  let connected = () => {};
  server.on("connection", (ws) => {
    socket = ws;
    ws.send(JSON.stringify({ type: "snapshot", seq: 1, snapshot: first }));
    connected();
  });
  return {
    port: (server.address() as AddressInfo).port,
    /** Resolves when the next page connects; fails after 30 s. */
    nextConnection: () =>
      new Promise<void>((done, fail) => {
        const late = setTimeout(() => fail(new Error("no page connected in 30 s")), 30_000);
        connected = () => {
          clearTimeout(late);
          done();
        };
      }),
    send: (text: string) => (socket as WebSocket).send(text),
    close: () => server.close(),
  };
}
