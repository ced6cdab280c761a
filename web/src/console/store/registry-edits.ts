/**
 * What the console says about a setting only a registry edit changes (an event without
 * `scoreEntry`): the file, the line where the event opens in it, read from the static site's copy
 * the first time it is asked for (docs/registry.md: the pages read the file the service reads).
 */
import { type ReadonlySignal, signal } from "@preact/signals";
import type { PageEnvironment } from "../../lib/environment.ts";
import type { ConsoleApp } from "./app.ts";

/** The registry file, as the data repository holds it. */
export const REGISTRY_FILE = "config/events.json";

/** Where an event opens in the registry file. */
export interface EventInRegistry {
  /** Its line (`"club-cup": {`), 1-based; `undefined` while it is read, or when it could not be. */
  line: number | undefined;
}

export interface RegistryEdits {
  /** Where `eventKey` opens in the registry file (read once, on the first ask). */
  eventAt(eventKey: string): ReadonlySignal<EventInRegistry>;
}

export function registryEdits(
  env: Pick<PageEnvironment, "fetch">,
  app: Pick<ConsoleApp, "config">,
): RegistryEdits {
  const found = new Map<string, ReadonlySignal<EventInRegistry>>();
  let text: Promise<string | undefined> | undefined;
  const read = () => {
    const settings = app.config.value;
    if (settings === undefined) return Promise.resolve(undefined);
    text ??= env
      .fetch(new URL(REGISTRY_FILE, settings.dataUrl), { cache: "no-cache" })
      .then((response) => (response.ok ? response.text() : undefined))
      .catch(() => undefined);
    return text;
  };
  // Loaded when first needed (an event without the setting is rare): the JSON parser that knows
  // positions stays out of the console's first load.
  const locate = () => import("../../lib/data/registry-line.ts");
  return {
    eventAt(eventKey) {
      let at = found.get(eventKey);
      if (at === undefined) {
        const place = signal<EventInRegistry>({ line: undefined });
        at = place;
        found.set(eventKey, at);
        // A file or a parser that could not be loaded leaves the line out; the words still name the file.
        Promise.all([read(), locate()]).then(
          ([file, { memberLine }]) => {
            if (file !== undefined) place.value = { line: memberLine(file, ["events", eventKey]) };
          },
          () => {},
        );
      }
      return at;
    },
  };
}
