/**
 * Running the chosen day: its published snapshot as it changes (the relay, or the published
 * file), syncs and their reports, the go-live setting, the live-push and score-entry switches,
 * the diagnostics and the attendance reconciliation.
 */
import { effect, type ReadonlySignal, type Signal, signal } from "@preact/signals";
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
import type { PageEnvironment } from "../../lib/environment.ts";
import type { FeedSource, FeedState } from "../../lib/live/day-feed.ts";
import { applyLivePoints, type HeldPoints } from "../../lib/live/live-points.ts";
import { dayFollower } from "../../lib/page/day-follower.ts";
import type { ConsoleApp } from "./app.ts";
import type { SessionStore } from "./session.ts";
import { type Task, task } from "./task.ts";

export interface DayStore {
  feed: ReadonlySignal<FeedState | undefined>;
  /** The day's live points as the relay sends them (none while its socket is down). */
  livePoints: ReadonlySignal<HeldPoints>;
  /** The day's go-live setting as the service reads it (`null`: none). */
  isLive: Signal<IsLive | null | undefined>;
  livePush: Signal<LivePush | undefined>;
  scoreEntry: Signal<ScoreEntry | undefined>;
  /** Which sync runs: the whole day, or one facility by name. */
  syncing: Signal<{ facility: string | undefined } | undefined>;
  sync: Task<SyncReport>;
  visibility: Task<VisibilityReport>;
  livePushChange: Task<LivePush & { changed: boolean }>;
  scoreEntryChange: Task<ScoreEntry & { changed: boolean }>;
  diagnostics: Task<Diagnostics>;
  /** The preflight: the whole production setup checked, each failure with its fix. */
  preflight: Task<Preflight>;
  reconciliation: Task<Reconciliation>;
  /** Reading the three settings when the day opens. */
  settings: Task<void>;
  /** Opens a day: follows its snapshot and reads its settings. Calling it again for the same day does nothing. */
  openDay(entry: DayEntry): void;
  /** Stops following the day (back to the picker, or signed out). */
  closeDay(): void;
  /** Reads the go-live setting, the live-push switch and the event's score-entry mode. */
  readSettings(entry: DayEntry): Promise<unknown>;
  /** Syncs the whole day, or one facility; the report is kept for the screen. */
  syncDay(entry: DayEntry, facility?: string): Promise<void>;
  /** Sets the go-live value and republishes the day. */
  setVisibility(entry: DayEntry, value: IsLive): Promise<void>;
  /** Switches live push on or off for the whole tournament. */
  setLivePush(enabled: boolean): Promise<void>;
  /** Switches the event's score entry between the console and scorer links. */
  setScoreEntry(entry: DayEntry, mode: "console" | "links"): Promise<void>;
  readDiagnostics(): Promise<Diagnostics | undefined>;
  /**
   * Reads the diagnostics again whenever the day's live connection drops or comes back, once they
   * have been read: the panel then says the relay is down while it is, and back when it is.
   * Returns the stop.
   */
  watchLiveConnection(): () => void;
  /** Runs the preflight; it changes nothing. */
  runPreflight(): Promise<Preflight | undefined>;
  /** Brings the `ATTENDANCE` tab of one facility, or of every facility, up to date with its roster. */
  reconcile(entry: DayEntry, facility?: string): Promise<Reconciliation | undefined>;
}

export function createDayStore(env: PageEnvironment, app: ConsoleApp, session: SessionStore): DayStore {
  const { api, operatorCall } = session;
  const livePoints = signal<HeldPoints>(new Map());
  const day = dayFollower({ env, config: app.config, registry: app.registry }, undefined, {
    onLive: (message) => {
      livePoints.value = applyLivePoints(livePoints.peek(), message);
    },
  });
  const isLive = signal<IsLive | null | undefined>(undefined);
  const livePush = signal<LivePush | undefined>(undefined);
  const scoreEntry = signal<ScoreEntry | undefined>(undefined);
  const syncing = signal<{ facility: string | undefined } | undefined>(undefined);
  const sync = task<SyncReport>();
  const visibility = task<VisibilityReport>();
  const livePushChange = task<LivePush & { changed: boolean }>();
  const scoreEntryChange = task<ScoreEntry & { changed: boolean }>();
  const diagnostics = task<Diagnostics>();
  const preflight = task<Preflight>();
  const reconciliation = task<Reconciliation>();
  const settings = task<void>();

  const readSettings = (entry: DayEntry) =>
    settings.run(async () => {
      const path = { params: { path: { day: entry.dayKey } } };
      const [visible, push, scoring] = await Promise.all([
        operatorCall(api().GET("/v3/days/{day}/visibility", path)),
        operatorCall(api().GET("/v3/settings/live-push")),
        operatorCall(
          api().GET("/v3/events/{event}/score-entry", { params: { path: { event: entry.eventKey } } }),
        ),
      ]);
      isLive.value = visible.isLive;
      livePush.value = push;
      scoreEntry.value = scoring;
    });
  const readDiagnostics = () => diagnostics.run(() => operatorCall(api().GET("/v3/diagnostics/sync")));

  return {
    feed: day.feed,
    livePoints,
    isLive,
    livePush,
    scoreEntry,
    syncing,
    sync,
    visibility,
    livePushChange,
    scoreEntryChange,
    diagnostics,
    preflight,
    reconciliation,
    settings,
    openDay(entry) {
      if (app.config.value === undefined || day.day() === entry.dayKey) return;
      for (const each of [sync, visibility, livePushChange, scoreEntryChange, reconciliation]) each.clear();
      livePoints.value = new Map();
      day.follow(entry);
      void readSettings(entry);
      void readDiagnostics();
    },
    closeDay() {
      day.stop();
      livePoints.value = new Map();
    },
    readSettings,
    async syncDay(entry, facility) {
      if (syncing.value !== undefined) return;
      syncing.value = { facility };
      try {
        const report = await sync.run(() =>
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
        // What the sync published is shown at once, whether or not the relay took it.
        if (report !== undefined) day.offer(report.snapshot);
      } finally {
        syncing.value = undefined;
      }
    },
    async setVisibility(entry, value) {
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
        void app.reloadRegistry().catch(() => undefined);
      }
    },
    async setLivePush(enabled) {
      const answer = await livePushChange.run(() =>
        operatorCall(api().PUT("/v3/settings/live-push", { body: { enabled } })),
      );
      if (answer !== undefined) livePush.value = { enabled: answer.enabled, available: answer.available };
    },
    async setScoreEntry(entry, mode) {
      const answer = await scoreEntryChange.run(() =>
        operatorCall(
          api().PUT("/v3/events/{event}/score-entry", {
            params: { path: { event: entry.eventKey } },
            body: { scoreEntry: mode },
          }),
        ),
      );
      if (answer !== undefined) scoreEntry.value = { event: answer.event, scoreEntry: answer.scoreEntry };
    },
    readDiagnostics,
    watchLiveConnection() {
      let last: FeedSource | undefined;
      return effect(() => {
        const source = day.feed.value?.source;
        const turned = last !== undefined && source !== last && (source === "live" || source === "published");
        if (source !== "connecting") last = source;
        if (turned && diagnostics.result.peek() !== undefined) void readDiagnostics();
      });
    },
    runPreflight: () => preflight.run(() => operatorCall(api().GET("/v3/diagnostics/preflight"))),
    reconcile(entry, facility) {
      return reconciliation.run(() =>
        operatorCall(
          api().POST("/v3/days/{day}/attendance/reconciliations", {
            params: { path: { day: entry.dayKey } },
            body: facility === undefined ? {} : { facility },
          }),
        ),
      );
    },
  };
}
