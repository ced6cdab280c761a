/**
 * Running the chosen day: its published snapshot as it changes (the relay, or the published
 * file), syncs and their reports, the go-live setting, the live-push and score-entry switches,
 * the diagnostics and the attendance reconciliation.
 */
import { signal } from "@preact/signals";
import type {
  Diagnostics,
  LivePush,
  Preflight,
  Reconciliation,
  ScoreEntry,
  SyncReport,
  VisibilityReport,
} from "../../lib/api/types.ts";
import type { DayEntry, IsLive } from "../../lib/data/registry.ts";
import { type DayFeed, type FeedState, followDay } from "../../lib/live/day-feed.ts";
import { config, registry, reloadRegistry } from "./app.ts";
import { api, operatorCall } from "./session.ts";
import { task } from "./task.ts";

export const feed = signal<FeedState | undefined>(undefined);
/** The day's go-live setting as the service reads it (`null`: none). */
export const isLive = signal<IsLive | null | undefined>(undefined);
export const livePush = signal<LivePush | undefined>(undefined);
export const scoreEntry = signal<ScoreEntry | undefined>(undefined);

/** Which sync runs: the whole day, or one facility by name. */
export const syncing = signal<{ facility: string | undefined } | undefined>(undefined);
export const sync = task<SyncReport>();
export const visibility = task<VisibilityReport>();
export const livePushChange = task<LivePush & { changed: boolean }>();
export const scoreEntryChange = task<ScoreEntry & { changed: boolean }>();
export const diagnostics = task<Diagnostics>();
export const preflight = task<Preflight>();
export const reconciliation = task<Reconciliation>();
/** Reading the three settings when the day opens. */
export const settings = task<void>();

let following: { day: string; feed: DayFeed } | undefined;

/** Opens a day: follows its snapshot and reads its settings. Calling it again for the same day does nothing. */
export function openDay(entry: DayEntry): void {
  const pages = config.value;
  if (pages === undefined || following?.day === entry.dayKey) return;
  following?.feed.stop();
  feed.value = undefined;
  for (const each of [sync, visibility, livePushChange, scoreEntryChange, reconciliation]) each.clear();
  following = {
    day: entry.dayKey,
    feed: followDay({
      liveUrl: pages.liveUrl,
      dataUrl: pages.dataUrl,
      event: entry.eventKey,
      day: entry.dayKey,
      livePush: registry.value?.livePush !== false,
      onChange: (state) => {
        feed.value = state;
      },
    }),
  };
  void readSettings(entry);
  void readDiagnostics();
}

/** Stops following the day (back to the picker, or signed out). */
export function closeDay(): void {
  following?.feed.stop();
  following = undefined;
  feed.value = undefined;
}

/** Reads the go-live setting, the live-push switch and the event's score-entry mode. */
export function readSettings(entry: DayEntry): Promise<unknown> {
  return settings.run(async () => {
    const day = { params: { path: { day: entry.dayKey } } };
    const [visible, push, scoring] = await Promise.all([
      operatorCall(api().GET("/v3/days/{day}/visibility", day)),
      operatorCall(api().GET("/v3/settings/live-push")),
      operatorCall(
        api().GET("/v3/events/{event}/score-entry", { params: { path: { event: entry.eventKey } } }),
      ),
    ]);
    isLive.value = visible.isLive;
    livePush.value = push;
    scoreEntry.value = scoring;
  });
}

/** Syncs the whole day, or one facility; the report is kept for the screen. */
export async function syncDay(entry: DayEntry, facility?: string): Promise<void> {
  if (syncing.value !== undefined) return;
  syncing.value = { facility };
  try {
    await sync.run(() =>
      facility === undefined
        ? operatorCall(
            api().POST("/v3/days/{day}/syncs", { params: { path: { day: entry.dayKey } }, body: {} }),
          )
        : operatorCall(
            api().POST("/v3/days/{day}/facilities/{facility}/syncs", {
              params: { path: { day: entry.dayKey, facility } },
              body: {},
            }),
          ),
    );
  } finally {
    syncing.value = undefined;
  }
}

/** Sets the go-live value and republishes the day. */
export async function setVisibility(entry: DayEntry, value: IsLive): Promise<void> {
  const report = await visibility.run(() =>
    operatorCall(
      api().PUT("/v3/days/{day}/visibility", {
        params: { path: { day: entry.dayKey } },
        body: { isLive: value },
      }),
    ),
  );
  if (report !== undefined) {
    isLive.value = report.isLive;
    void reloadRegistry().catch(() => undefined);
  }
}

/** Switches live push on or off for the whole tournament. */
export async function setLivePush(enabled: boolean): Promise<void> {
  const answer = await livePushChange.run(() =>
    operatorCall(api().PUT("/v3/settings/live-push", { body: { enabled } })),
  );
  if (answer !== undefined) livePush.value = { enabled: answer.enabled, available: answer.available };
}

/** Switches the event's score entry between the console and scorer links. */
export async function setScoreEntry(entry: DayEntry, mode: "console" | "links"): Promise<void> {
  const answer = await scoreEntryChange.run(() =>
    operatorCall(
      api().PUT("/v3/events/{event}/score-entry", {
        params: { path: { event: entry.eventKey } },
        body: { scoreEntry: mode },
      }),
    ),
  );
  if (answer !== undefined) scoreEntry.value = { event: answer.event, scoreEntry: answer.scoreEntry };
}

export function readDiagnostics(): Promise<Diagnostics | undefined> {
  return diagnostics.run(() => operatorCall(api().GET("/v3/diagnostics/sync")));
}

/** Runs the preflight: the whole production setup checked, each failure with its fix. */
export function runPreflight(): Promise<Preflight | undefined> {
  return preflight.run(() => operatorCall(api().GET("/v3/diagnostics/preflight")));
}

/** Brings the `ATTENDANCE` tab of one facility, or of every facility, up to date with its roster. */
export function reconcile(entry: DayEntry, facility?: string): Promise<Reconciliation | undefined> {
  return reconciliation.run(() =>
    operatorCall(
      api().POST("/v3/days/{day}/attendance/reconciliations", {
        params: { path: { day: entry.dayKey } },
        body: facility === undefined ? {} : { facility },
      }),
    ),
  );
}
