import type { TriggerCall, TriggerRecord } from "../features/sync/trigger-log.ts";
import type { Registry } from "../registry/types.ts";
import { formatManilaDateTime } from "../shared/manila-time.ts";
import { type Check, fail, pass, skip, warn } from "./check.ts";
import { subjectOf, type WorkbookUse } from "./workbook-checks.ts";

/** What the preflight reads of the triggers: this instance's record of them, and since when it listens. */
export interface TriggerHistory {
  since: number;
  records(): TriggerRecord[];
}

const PROPERTIES =
  "In the workbook: Extensions → Apps Script → Project Settings → Script properties (clients/apps-script/README.md)";
/** Unmatched refusals named in the one finding about them. */
const SHOWN = 3;

const when = (at: number) => `${formatManilaDateTime(at)} (Manila)`;
const quoted = (text: string) => JSON.stringify(text);

/** Where in the registry a day key and facility name lead: the facility's workbook, or why nowhere. */
function placeOf(
  registry: Registry,
  call: TriggerCall,
): { sheetId?: string; facilities?: string[] } | undefined {
  for (const event of Object.values(registry.events)) {
    const day = event.days[call.day];
    if (day === undefined) continue;
    const facility = day.facilities.find((f) => f.name === call.facility);
    return facility ? { sheetId: facility.sheetId } : { facilities: day.facilities.map((f) => f.name) };
  }
  return undefined;
}

/** What a refused or misdirected call sent that does not fit, in a sentence; `undefined` when it fits `use`. */
function mismatch(registry: Registry, call: TriggerCall, use: WorkbookUse | undefined): string | undefined {
  if (call.status === 401) return "it sent a SYNC_SECRET this service does not accept";
  const place = placeOf(registry, call);
  if (place === undefined) return `it sent DAY ${quoted(call.day)}, which is no day of the registry`;
  if (place.facilities)
    return `it sent FACILITY ${quoted(call.facility)}, which is no facility of ${call.day} (${place.facilities.join(", ")})`;
  if (use !== undefined && place.sheetId !== use.sheetId)
    return `it sent DAY ${quoted(call.day)} and FACILITY ${quoted(call.facility)}, another workbook's (${place.sheetId || "none"}), so its edits sync that hall`;
  if (call.status >= 400)
    return `its sync was refused (HTTP ${call.status}${call.code ? ` ${call.code}` : ""})`;
  return undefined;
}

/** The trigger calls that came from `use`'s workbook: by the id it sent, or else by the day and facility it sent. */
function callsOf(use: WorkbookUse, records: TriggerRecord[]): TriggerRecord[] {
  return records.filter(({ last }) =>
    last.workbookId !== undefined
      ? last.workbookId === use.sheetId
      : use.places.some((place) => place.dayKey === last.day && place.facility === last.facility),
  );
}

function triggerCheck(
  registry: Registry,
  use: WorkbookUse,
  history: TriggerHistory,
  records: TriggerRecord[],
): Check {
  const subject = subjectOf(use);
  const heard = callsOf(use, records)
    .sort((a, b) => a.last.at - b.last.at)
    .at(-1);
  if (heard === undefined)
    return skip(
      "workbook-trigger",
      subject,
      `no edit trigger of this workbook has reached this instance of the service since ${when(history.since)}: edit a cell of the workbook to try it`,
    );
  const { last, lastSynced } = heard;
  const wrong = mismatch(registry, last, use);
  const expected = use.places[0];
  if (wrong === undefined)
    return pass(
      "workbook-trigger",
      subject,
      `its edit trigger last synced ${last.facility} (${last.day}) at ${when(last.at)}`,
    );
  const synced = lastSynced && lastSynced !== last ? `; it last synced at ${when(lastSynced.at)}` : "";
  const detail = `its edit trigger was refused or misdirected at ${when(last.at)}: ${wrong}${synced}`;
  if (last.status >= 500)
    return warn(
      "workbook-trigger",
      subject,
      detail,
      "The trigger reached the service; the sync itself failed: sync the hall from the console (Run this day) to see why.",
    );
  return fail(
    "workbook-trigger",
    subject,
    detail,
    last.status === 401
      ? `${PROPERTIES}: set SYNC_SECRET to the service's sync secret (\`gcloud secrets versions access latest --secret=sync-shared-secret\`).`
      : `${PROPERTIES}: set DAY to ${expected?.dayKey ?? "the day's key"} and FACILITY to ${expected?.facility ?? "the hall's name"}, exactly as in the registry.`,
  );
}

/** Refused calls that name no workbook of the coming days and whose day and facility lead to none either. */
function unmatched(registry: Registry, uses: WorkbookUse[], records: TriggerRecord[]): Check | undefined {
  const matched = new Set(uses.flatMap((use) => callsOf(use, records)));
  const refused = records.filter(
    (record) =>
      !matched.has(record) && record.last.status !== 200 && mismatch(registry, record.last, undefined),
  );
  if (refused.length === 0) return undefined;
  const shown = refused
    .slice(-SHOWN)
    .map(
      ({ last }) =>
        `DAY ${quoted(last.day)}, FACILITY ${quoted(last.facility)} at ${when(last.at)}: ${mismatch(registry, last, undefined)}`,
    );
  const more = refused.length > SHOWN ? `; and ${refused.length - SHOWN} more` : "";
  return fail(
    "workbook-trigger",
    "edit triggers of no coming workbook",
    `edit triggers that name no coming day's workbook were refused: ${shown.join("; ")}${more}`,
    `${PROPERTIES}: check each workbook's DAY and FACILITY against the registry, and paste clients/apps-script/Code.js in again (it then names its own workbook).`,
  );
}

/**
 * Per coming workbook, when its edit trigger last reached this instance and whether what it sent
 * fits the registry (its secret, `DAY`, `FACILITY`); never heard of is "not checked" (only an edit
 * makes the trigger run). Triggers that fit no workbook but were refused, in one more finding.
 * @example checks.push(...triggerChecks(registry, workbookUses(registry, days), triggers));
 */
export function triggerChecks(registry: Registry, uses: WorkbookUse[], history: TriggerHistory): Check[] {
  const records = history.records();
  const checks = uses.map((use) => triggerCheck(registry, use, history, records));
  const rest = unmatched(registry, uses, records);
  return rest ? [...checks, rest] : checks;
}
