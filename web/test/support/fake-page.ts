/**
 * A whole {@link PageEnvironment} of fakes for a page's store in Node: a clock that moves when
 * told, the site and service in memory, relay sockets fed by hand, memory storage, an address with
 * its history, and a connection that goes offline and out of view when told.
 */
import type { PageEnvironment } from "../../src/lib/environment.ts";
import { type FakeClock, fakeClock } from "./fake-clock.ts";
import { type FakeSite, fakeSite } from "./fake-site.ts";
import { FakeSocket } from "./fake-socket.ts";
import { MemoryStorage } from "./memory-storage.ts";

export interface FakePage {
  env: PageEnvironment;
  clock: FakeClock;
  site: FakeSite;
  /** Every socket the page opened, oldest first. */
  sockets: FakeSocket[];
  /** The newest socket whose address contains `path` (`/live/`, `/attendance/`). */
  socket(path: string): FakeSocket;
  storage: MemoryStorage;
  tabStorage: MemoryStorage;
  /** The addresses of the tab's history, oldest first; the last is the current one. */
  history: string[];
  /** The fragments the page reloaded itself with. */
  reloads: string[];
  /** The back button. */
  back(): void;
  /** The phone loses or finds the network (requests fail meanwhile). */
  setOnline(online: boolean): void;
  /** The page goes out of view, or comes back into it. */
  setVisible(visible: boolean): void;
  downloads: Array<{ url: string; fileName: string }>;
}

export interface FakePageOptions {
  /** The page's address, `https://results.test/<page>/…`. */
  href: string;
  /** The time the page opens at. */
  now: number | string;
  storage?: MemoryStorage;
  tabStorage?: MemoryStorage;
}

export function fakePage(options: FakePageOptions): FakePage {
  const clock = fakeClock(options.now);
  const site = fakeSite();
  site.file("/config.json", { apiUrl: "./", liveUrl: "./", dataUrl: "./" });
  const sockets: FakeSocket[] = [];
  const history = [new URL(options.href).href];
  const moves: Array<() => void> = [];
  const onlineRuns = new Set<() => void>();
  const visibleRuns = new Set<() => void>();
  const hiddenRuns = new Set<() => void>();
  let online = true;
  let visible = true;
  const listen = (runs: Set<() => void>, run: () => void) => {
    runs.add(run);
    return () => void runs.delete(run);
  };
  const storage = options.storage ?? new MemoryStorage();
  const tabStorage = options.tabStorage ?? new MemoryStorage();
  const reloads: string[] = [];
  const downloads: Array<{ url: string; fileName: string }> = [];
  const current = () => new URL(history.at(-1) as string);
  const env: PageEnvironment = {
    fetch: (input, init) => site.fetch(input, init),
    clock,
    storage,
    tabStorage,
    address: {
      current,
      replace(address) {
        history[history.length - 1] = new URL(address, current()).href;
      },
      push(address) {
        history.push(new URL(address, current()).href);
      },
      onMove: (run) => void moves.push(run),
      reloadWith: (hash) => void reloads.push(hash),
    },
    connection: {
      online: () => online,
      visible: () => visible,
      onOnlineChange: (run) => listen(onlineRuns, run),
      onVisible: (run) => listen(visibleRuns, run),
      onHidden: (run) => listen(hiddenRuns, run),
    },
    openSocket(url) {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    download: (url, fileName) => void downloads.push({ url, fileName }),
  };
  return {
    env,
    clock,
    site,
    sockets,
    socket(path) {
      const found = sockets.filter((s) => s.url.includes(path)).at(-1);
      if (found === undefined) throw new Error(`no socket to ${path}`);
      return found;
    },
    storage,
    tabStorage,
    history,
    reloads,
    back() {
      history.pop();
      for (const run of moves) run();
    },
    setOnline(value) {
      online = value;
      site.unreachable = !value;
      for (const run of onlineRuns) run();
    },
    setVisible(value) {
      visible = value;
      for (const run of value ? visibleRuns : hiddenRuns) run();
    },
    downloads,
  };
}
