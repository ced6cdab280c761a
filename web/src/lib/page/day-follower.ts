/**
 * A page's one followed day: its results in a signal, from the relay's changes or the published
 * file ({@link followDay}), with the page's settings and the registry's `livePush`. The public
 * page, the score page and the console each follow one day at a time through this; a page that
 * names itself (`keepAs`) keeps the last snapshot on the phone, to open with it offline.
 */
import { type ReadonlySignal, signal } from "@preact/signals";
import type { DayEntry } from "../data/registry.ts";
import type { DaySnapshot } from "../data/snapshot.ts";
import { type DayFeed, type FeedOptions, type FeedState, followDay } from "../live/day-feed.ts";
import { keptSnapshot } from "../live/kept-snapshot.ts";
import type { PageBase } from "./page-base.ts";

export interface DayFollower {
  /** The followed day's results as they change; undefined before the first news, and when none is followed. */
  feed: ReadonlySignal<FeedState | undefined>;
  /** The day key followed now. */
  day(): string | undefined;
  /** Follows `entry`'s day, instead of the one followed before (once the settings are read). */
  follow(entry: DayEntry): void;
  /** Reads the published file now and reconnects the live socket. */
  retry(): void;
  /** Shows `snapshot` of the followed day unless older than the one shown (`DayFeed.offer`). */
  offer(snapshot: DaySnapshot): void;
  /** Stops following. */
  stop(): void;
}

export function dayFollower(
  { env, config, registry }: Pick<PageBase, "env" | "config" | "registry">,
  keepAs?: string,
  /** What else of the relay the page takes: live points (`onLive` also asks for them), notices. */
  hooks: Pick<FeedOptions, "onLive" | "onNotice"> = {},
): DayFollower {
  const feed = signal<FeedState | undefined>(undefined);
  let following: { day: string; feed: DayFeed } | undefined;
  const stop = () => {
    following?.feed.stop();
    following = undefined;
    feed.value = undefined;
  };
  return {
    feed,
    day: () => following?.day,
    follow(entry) {
      stop();
      const settings = config.value;
      if (settings === undefined) return;
      following = {
        day: entry.dayKey,
        feed: followDay({
          env,
          liveUrl: settings.liveUrl,
          dataUrl: settings.dataUrl,
          event: entry.eventKey,
          day: entry.dayKey,
          livePush: registry.value?.livePush !== false,
          ...(keepAs === undefined
            ? {}
            : { keep: keptSnapshot(env.storage, keepAs, entry.eventKey, entry.dayKey, env.clock) }),
          ...hooks,
          onChange: (state) => {
            feed.value = state;
          },
        }),
      };
    },
    retry() {
      following?.feed.retry();
    },
    offer(snapshot) {
      if (following?.day === snapshot.day) following.feed.offer(snapshot);
    },
    stop,
  };
}
