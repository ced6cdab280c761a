import type { DataRepository } from "../../ports/data-repository.ts";
import type { LiveRelay } from "../../ports/live-relay.ts";
import { editRegistry } from "../../registry/edit.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { IsLive } from "../../registry/types.ts";
import { AppError } from "../../shared/errors.ts";
import type { SyncService, VisibilityReport } from "./types.ts";

/**
 * Go-live visibility of a day and the live-push switch: both are registry commits (this instance's
 * registry cache is dropped after); a visibility change republishes the day.
 * @example await visibility.setDay("open-sat", "auto");
 */
export function createVisibility(deps: {
  registry: RegistryStore;
  repository: DataRepository;
  liveRelay?: LiveRelay;
  sync: SyncService;
}) {
  return {
    async readDay(dayKey: string) {
      const ref = await deps.registry.findDay(dayKey);
      return { day: ref.dayKey, label: ref.day.label, isLive: ref.day.isLive ?? null };
    },

    async setDay(dayKey: string, isLive: IsLive): Promise<VisibilityReport> {
      const ref = await deps.registry.findDay(dayKey);
      await editRegistry(deps, `visibility ${ref.eventKey}/${dayKey}: isLive ${isLive}`, (file) => {
        const day = file.events[ref.eventKey]?.days[dayKey];
        if (!day) throw new AppError("unknown_day", `day "${dayKey}" is not in the registry`);
        day.isLive = isLive;
      });
      const now = await deps.registry.findDay(dayKey);
      const republish = await deps.sync.republishDay(dayKey);
      return { day: dayKey, label: now.day.label, isLive, ...republish };
    },

    async readLivePush() {
      const { registry } = await deps.registry.get();
      return { enabled: registry.livePush !== false, available: deps.liveRelay !== undefined };
    },

    async setLivePush(enabled: boolean) {
      const { changed } = await editRegistry(deps, `live push ${enabled ? "on" : "off"}`, (file) => {
        file.livePush = enabled;
      });
      return { enabled, changed, available: deps.liveRelay !== undefined };
    },
  };
}

export type Visibility = ReturnType<typeof createVisibility>;
