import type { DataRepository } from "../ports/data-repository.ts";
import { jsonSyntaxProblem } from "../registry/json-syntax.ts";
import { REGISTRY_PATH } from "../registry/store.ts";
import type { DayRef, Registry } from "../registry/types.ts";
import { parseRegistry } from "../registry/validate.ts";
import { formatManilaDate } from "../shared/manila-time.ts";
import { type Check, fail, pass, warn } from "./check.ts";

/** Problems named in the check's detail; the command-line validator lists them all. */
const SHOWN_PROBLEMS = 5;
const VALIDATE = `npm run validate-registry -- ${REGISTRY_PATH} lists every problem`;

/** The registry check's answer: the registry when it validates, else why the checks after it cannot run. */
export type RegistryAnswer =
  | { check: Check; registry: Registry }
  | { check: Check; registry?: undefined; unread: string };

/**
 * Reads the registry as committed (not the service's cached copy) and validates it.
 * @example const { check, registry } = await registryCheck(repository, clock.now());
 */
export async function registryCheck(repository: DataRepository, now: number): Promise<RegistryAnswer> {
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
      unread: "the registry could not be read",
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
      unread: "there is no registry",
    };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      check: fail(
        "registry",
        REGISTRY_PATH,
        `the registry is not JSON: ${jsonSyntaxProblem(text, error)}`,
        `Correct the JSON syntax; ${VALIDATE} with its line.`,
      ),
      unread: "the registry is not JSON",
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
      unread: "the registry does not validate",
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
 * What the registry leaves the coming days without: a hall whose workbook is not named (its syncs
 * skip it), or no coming day at all (nothing of a tournament day can be checked).
 * @example checks.push(...comingDayChecks(comingDays(registry, now)));
 */
export function comingDayChecks(days: readonly DayRef[]): Check[] {
  if (days.length === 0)
    return [
      warn(
        "registry",
        REGISTRY_PATH,
        "no day today or ahead: every day of the registry is past, or of an archived event, so no tournament day's workbooks were checked",
        "Add the coming tournament's events and days, with their dates, to the registry, then run the preflight again.",
      ),
    ];
  return days.flatMap((ref) =>
    ref.day.facilities
      .filter((facility) => !facility.sheetId)
      .map((facility) =>
        warn(
          "registry",
          `${facility.name} (${ref.dayKey})`,
          `${facility.name} has no workbook (its sheetId is empty), so every sync of ${ref.dayKey} skips it and its matches are not published`,
          `Put the hall's workbook id in the registry's sheetId for ${facility.name} on ${ref.dayKey}, or remove the hall from the day.`,
        ),
      ),
  );
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
