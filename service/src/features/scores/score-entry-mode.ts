import type { DataRepository } from "../../ports/data-repository.ts";
import { editRegistry } from "../../registry/edit.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { ScoreEntryMode } from "../../registry/types.ts";
import { AppError } from "../../shared/errors.ts";
import type { DayNotices } from "../notices/index.ts";

export type ScoreEntryModeDeps = {
  repository: DataRepository;
  registry: RegistryStore;
  /** Tells the event's open pages of the switch (`features/notices`). */
  notices?: Pick<DayNotices, "scoreEntryChanged">;
};

/**
 * The event's score-entry mode: `console`, `links`, or `null` when score entry is off.
 * @example await readScoreEntryMode(deps, "open-2026") // { event: "open-2026", scoreEntry: "links" }
 */
export async function readScoreEntryMode(deps: ScoreEntryModeDeps, eventKey: string) {
  const event = await deps.registry.findEvent(eventKey);
  return { event: eventKey, scoreEntry: event.scoreEntry ?? null };
}

/**
 * Switches an event between `console` and `links` by a registry commit. The switch never turns
 * score entry on or off: an event without the setting is 403 `score_entry_off` and stays
 * unchanged. This instance drops its registry cache afterwards; others see it within
 * `SYNC_CONFIG_TTL_MS`; the event's open pages hear it at once through the relay (`notices`).
 * @example await setScoreEntryMode(deps, "open-2026", "console") // { event, scoreEntry: "console", changed: true }
 */
export async function setScoreEntryMode(deps: ScoreEntryModeDeps, eventKey: string, mode: ScoreEntryMode) {
  const { changed } = await editRegistry(deps, `score entry of ${eventKey}: ${mode}`, (file) => {
    const event = Object.hasOwn(file.events, eventKey) ? file.events[eventKey] : undefined;
    if (!event) throw new AppError("unknown_event", `event "${eventKey}" is not in the registry`);
    if (event.scoreEntry === undefined) {
      throw new AppError(
        "score_entry_off",
        "score entry is off for this event; adding it is a registry commit",
      );
    }
    event.scoreEntry = mode;
  });
  await deps.notices?.scoreEntryChanged(eventKey, mode);
  return { event: eventKey, scoreEntry: mode, changed };
}
