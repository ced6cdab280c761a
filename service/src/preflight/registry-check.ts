import type { DataRepository } from "../ports/data-repository.ts";
import { REGISTRY_PATH } from "../registry/store.ts";
import type { DayRef, Registry } from "../registry/types.ts";
import { parseRegistry } from "../registry/validate.ts";
import { formatManilaDate } from "../shared/manila-time.ts";
import { type Check, fail, pass } from "./check.ts";

/** Problems named in the check's detail; the command-line validator lists them all. */
const SHOWN_PROBLEMS = 5;
const VALIDATE = `npm run validate-registry -- ${REGISTRY_PATH} lists every problem`;

/**
 * Reads the registry as committed (not the service's cached copy) and validates it.
 * @example const { check, registry } = await registryCheck(repository, clock.now());
 */
export async function registryCheck(
  repository: DataRepository,
  now: number,
): Promise<{ check: Check; registry?: Registry }> {
  let text: string | undefined;
  try {
    text = (await repository.read(REGISTRY_PATH))?.content;
  } catch (error) {
    return {
      check: fail(
        "registry",
        REGISTRY_PATH,
        `the registry could not be read: ${(error as Error).message}`,
        "Fix the data repository's access first (the repository check says how).",
      ),
    };
  }
  if (text === undefined)
    return {
      check: fail(
        "registry",
        REGISTRY_PATH,
        "there is no registry in the data repository, so the service runs on its bundled demo registry",
        `Commit your registry as ${REGISTRY_PATH}, starting from config/events.example.json (docs/registry.md lists every member).`,
      ),
    };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      check: fail(
        "registry",
        REGISTRY_PATH,
        `the registry is not JSON: ${(error as Error).message}`,
        `Correct the JSON syntax; ${VALIDATE} with its line.`,
      ),
    };
  }
  const { registry, problems } = parseRegistry(json);
  if (registry === undefined) {
    const shown = problems.slice(0, SHOWN_PROBLEMS).map((p) => `${p.path} ${p.message}`);
    const more = problems.length > SHOWN_PROBLEMS ? `; and ${problems.length - SHOWN_PROBLEMS} more` : "";
    return {
      check: fail(
        "registry",
        REGISTRY_PATH,
        `the registry has ${problems.length} problem${problems.length === 1 ? "" : "s"}, so the service keeps the last good one: ${shown.join("; ")}${more}`,
        `Correct them and commit again; ${VALIDATE}.`,
      ),
    };
  }
  const days = comingDays(registry, now).length;
  return {
    check: pass(
      "registry",
      REGISTRY_PATH,
      `the registry validates (${days} coming day${days === 1 ? "" : "s"})`,
    ),
    registry,
  };
}

/**
 * The days a preflight is for: those of events not archived, dated today or later in Manila, or
 * without a date. Past days' workbooks may rightly be unshared by now.
 */
export function comingDays(registry: Registry, now: number): DayRef[] {
  const today = formatManilaDate(now);
  return Object.entries(registry.events)
    .filter(([, event]) => event.archived !== true)
    .flatMap(([eventKey, event]) =>
      Object.entries(event.days).map(([dayKey, day]) => ({ eventKey, event, dayKey, day })),
    )
    .filter((ref) => ref.day.date === undefined || ref.day.date >= today);
}

/** The coming day with the latest date, which the repository token must outlive. */
export function lastComingDay(days: readonly DayRef[]): { key: string; date: string } | undefined {
  return days
    .filter((ref) => ref.day.date !== undefined)
    .map((ref) => ({ key: ref.dayKey, date: ref.day.date as string }))
    .sort((a, b) => a.date.localeCompare(b.date))
    .at(-1);
}
