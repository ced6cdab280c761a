/**
 * A day's results as they change: the relay's snapshot channel, asking for changes
 * (docs/live-messages.md), with the published file as the fallback. Until the relay has sent the
 * day's snapshot on an open socket (while it connects, while it is down, when the relay has none of
 * the day yet, as when a push failed) and when live push is off for the tournament, the page reads
 * `<event>/data/<day>.json` instead: at once, every {@link POLL_MS} while the page is in view, and
 * whenever the person asks (retry). So a first read that failed or ran out of time is read again,
 * and a day published while the relay missed it is found, whatever the socket does.
 * With a keeper, the last snapshot seen is kept on the phone and shown first when the page opens
 * (a page opened offline shows the results as they last were); it is written at the latest when
 * the page is put away or stops following the day.
 */
import {
  applyChanges,
  CHANGES_PARAMETER,
  ChangesMismatch,
  type LiveMessage,
} from "@tournament-ops/relay/changes";
import {
  isLivePointsMessage,
  LIVE_PARAMETER,
  type LivePointsMessage,
} from "@tournament-ops/relay/live-points";
import { isNoticeMessage, type NoticeMessage } from "@tournament-ops/relay/notices";
import { PublishedReadError, readDaySnapshot } from "../data/published.ts";
import { type DaySnapshot, isDaySnapshot, newer, withUnchangedFrom } from "../data/snapshot.ts";
import type { PageEnvironment } from "../environment.ts";
import type { SnapshotKeeper } from "./kept-snapshot.ts";
import { openReconnectingSocket, type SocketOptions } from "./reconnecting-socket.ts";

export const POLL_MS = 30_000;

/**
 * `live`: the socket is open; `published`: reading the published file while the socket is down;
 * `push-off`: reading the published file because the organisers switched live push off;
 * `connecting`: none of these yet.
 */
export type FeedSource = "connecting" | "live" | "published" | "push-off";

export interface FeedState {
  /** The newest snapshot known: from the socket or the file, whichever was generated later. */
  snapshot: DaySnapshot | undefined;
  source: FeedSource;
  /** True once the published file was read and the day has never been published. */
  unpublished: boolean;
  /** Why the published file could not be read, for people; cleared by the next good read. */
  problem: string | undefined;
  /** The phone believes it is online (`navigator.onLine`). */
  online: boolean;
  /**
   * The snapshot shown is the one the phone kept from an earlier visit: nothing at least as new has
   * come from the network yet. What changed since then is not news of this visit.
   */
  kept: boolean;
}

export interface FeedOptions {
  /** The socket's needs, and `fetch` for the published file. */
  env: Pick<PageEnvironment, "openSocket" | "clock" | "connection" | "fetch">;
  liveUrl: URL;
  dataUrl: URL;
  event: string;
  day: string;
  /** `false` when the registry switched live push off: no socket, only the published file. */
  livePush: boolean;
  /** Called with the whole state after every change. */
  onChange(state: FeedState): void;
  /** Keeps the last snapshot seen on the phone, and gives it back when the page opens. */
  keep?: SnapshotKeeper;
  socket?: SocketOptions;
  /**
   * Asks the relay for live points too (`?live=1`, docs/live-messages.md) and hands each message
   * over, to apply with `applyLivePoints`; while the socket is down, an empty `all` message (the
   * points are not known then).
   */
  onLive?(message: LivePointsMessage): void;
  /** The relay's notices for the day (a score-entry mode change, a revoked link: `@tournament-ops/relay/notices`). */
  onNotice?(notice: NoticeMessage): void;
}

export interface DayFeed {
  /** Reads the published file now and, unless live push is off, opens a new socket. */
  retry(): void;
  /**
   * Shows a snapshot the page was handed otherwise (the report of a sync it ran), unless it is
   * older than the one shown: the page need not wait for the relay, or the file, to bring it.
   */
  offer(snapshot: DaySnapshot): void;
  stop(): void;
}

/** Follows a day until {@link DayFeed.stop}. */
export function followDay(options: FeedOptions): DayFeed {
  const { clock, connection } = options.env;
  const state: FeedState = {
    snapshot: options.keep?.read(),
    source: "connecting",
    unpublished: false,
    problem: undefined,
    online: connection.online(),
    kept: false,
  };
  state.kept = state.snapshot !== undefined;
  /** What the relay sent, kept apart so changes apply to exactly what they were made from. */
  let held: { seq: number | undefined; snapshot: DaySnapshot } | undefined;
  /** Reading the file every {@link POLL_MS}: until the relay sends the day on an open socket. */
  let polling: unknown;
  let stopped = false;

  const update = (change: Partial<FeedState>) => {
    const before = state.snapshot;
    Object.assign(state, change);
    if (state.snapshot !== undefined && state.snapshot !== before) options.keep?.write(state.snapshot);
    options.onChange({ ...state });
  };
  /**
   * A snapshot from the network, shown if it is not older than the one shown (keeping what it
   * repeats of it); the kept one stays `kept` until the network brings one at least as new.
   */
  const fromNetwork = (snapshot: DaySnapshot): Partial<FeedState> => {
    const next = withUnchangedFrom(state.snapshot, snapshot);
    const shown = newer(state.snapshot, next);
    return { snapshot: shown, unpublished: false, kept: state.kept && shown !== next };
  };
  const show = (snapshot: DaySnapshot) => update(fromNetwork(snapshot));

  const readFile = async () => {
    try {
      const snapshot = await readDaySnapshot(options.dataUrl, options.event, options.day, options.env.fetch);
      if (stopped) return;
      if (snapshot === undefined) update({ unpublished: state.snapshot === undefined, problem: undefined });
      else update({ ...fromNetwork(snapshot), problem: undefined });
    } catch (error) {
      if (!stopped) update({ problem: error instanceof PublishedReadError ? error.message : String(error) });
    }
  };
  const poll = (on: boolean) => {
    if (on && polling !== undefined) return;
    clock.clearInterval(polling);
    polling = on
      ? clock.setInterval(() => {
          if (connection.visible()) void readFile();
        }, POLL_MS)
      : undefined;
  };

  const socket = options.livePush
    ? openReconnectingSocket(
        `${new URL(`live/${encodeURIComponent(options.event)}/${encodeURIComponent(options.day)}`, options.liveUrl)}?${CHANGES_PARAMETER}=1${options.onLive ? `&${LIVE_PARAMETER}=1` : ""}`,
        {
          // Open, the file is still read until the relay sends the day (a relay that has none sends nothing).
          open: () => update({ source: "live" }),
          down: (failures) => {
            held = undefined;
            options.onLive?.({ type: "live", all: true, points: [], ended: [] });
            if (failures === 1 || state.source !== "published") {
              update({ source: "published" });
              void readFile();
            }
            poll(true);
          },
          message: (text) => receive(text),
        },
        options.env,
        options.socket,
      )
    : undefined;

  function receive(text: string) {
    let message: LiveMessage<DaySnapshot> | DaySnapshot | LivePointsMessage | NoticeMessage;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (isLivePointsMessage(message)) {
      options.onLive?.(message);
      return;
    }
    if (isNoticeMessage(message)) {
      options.onNotice?.(message);
      return;
    }
    if (isDaySnapshot(message)) {
      // A relay that does not know about changes sends every snapshot whole.
      held = { seq: undefined, snapshot: message };
    } else if (message.type === "snapshot" && isDaySnapshot(message.snapshot)) {
      held = { seq: message.seq, snapshot: message.snapshot };
    } else if (message.type === "changes") {
      if (held?.seq === undefined || message.seq !== held.seq + 1) return socket?.reconnect();
      try {
        held = { seq: message.seq, snapshot: applyChanges(held.snapshot, message.changes) };
      } catch (error) {
        if (error instanceof ChangesMismatch) return socket?.reconnect();
        throw error;
      }
    } else return;
    poll(false);
    show(held.snapshot);
  }

  const stopListening = connection.onOnlineChange(() => update({ online: connection.online() }));
  const stopKeeping = connection.onHidden(() => options.keep?.flush());
  if (socket === undefined) update({ source: "push-off" });
  else if (state.snapshot !== undefined) options.onChange({ ...state });
  poll(true);
  void readFile();
  return {
    retry() {
      void readFile();
      socket?.reconnect();
    },
    offer(snapshot) {
      if (!stopped) show(snapshot);
    },
    stop() {
      stopped = true;
      stopListening();
      stopKeeping();
      options.keep?.flush();
      poll(false);
      socket?.close();
    },
  };
}
