import type { Principal } from "../../auth/guard.ts";
import { writerLabel } from "../../auth/link-labels.ts";
import { GridFullError, type RangeWrite } from "../../ports/spreadsheet.ts";
import { columnLetters } from "../../shared/a1.ts";
import { AppError } from "../../shared/errors.ts";
import { formatManilaDateTime, formatManilaTime } from "../../shared/manila-time.ts";
import type { FacilityTarget } from "./access.ts";
import { ATTENDANCE_TAB, type Person, parseAttendance } from "./attendance-tab.ts";
import type { AttendanceDeps } from "./deps.ts";
import { chooseMarkedByColumn, MARKED_BY_HEADER, markedByText } from "./marked-by.ts";
import { personKey } from "./person-key.ts";
import { writeAttendance } from "./write-allowlist.ts";

function notInList(key: string): AppError {
  return new AppError("not_found", `no person with key "${key}" in this facility's attendance list`);
}

/**
 * Marks a person present or not. Reads the tab fresh (never the cached list, so a repeat keeps the
 * first `timeIn`), finds the first row with the key, and writes E:F plus the `markedBy` cell (and
 * its header when the column is claimed) in one call. A mark that changes nothing writes nothing.
 * Unmarking clears `timeIn` (DESIGN.md). No lock: rows are only ever changed in place.
 * @example const person = await markAttendance(deps, target, "ana cruz", true, request.principal);
 */
export async function markAttendance(
  deps: AttendanceDeps,
  target: FacilityTarget,
  rawKey: string,
  present: boolean,
  by: Principal,
): Promise<Person> {
  const key = personKey(rawKey);
  const sheetId = target.facility.sheetId;
  if (!sheetId) throw notInList(key);
  const tabs = await deps.spreadsheets.readTabs(sheetId, [ATTENDANCE_TAB], "formatted");
  const sheet = parseAttendance(tabs.get(ATTENDANCE_TAB));
  const entry = sheet?.byKey.get(key);
  if (!sheet || !entry) throw notInList(key);
  if (entry.person.present === present) return entry.person;

  const now = deps.clock.now();
  const timeIn = present ? entry.person.timeIn || formatManilaDateTime(now) : "";
  const row = entry.row;
  const mark: RangeWrite = { range: `${ATTENDANCE_TAB}!E${row}:F${row}`, values: [[present, timeIn]] };
  const withoutMarkedBy = (why: string) => {
    deps.logger.warn(
      { facility: target.facility.name, day: target.dayKey },
      `${why}; the mark is written without markedBy`,
    );
    return writeAttendance(deps.spreadsheets, sheetId, [mark]);
  };
  const markedBy = chooseMarkedByColumn(sheet.rows);
  if (markedBy) {
    const column = columnLetters(markedBy.column);
    const writes = [mark];
    if (markedBy.claim) writes.push({ range: `${ATTENDANCE_TAB}!${column}1`, values: [[MARKED_BY_HEADER]] });
    writes.push({
      range: `${ATTENDANCE_TAB}!${column}${row}`,
      values: [[markedByText(present, writerLabel(by), formatManilaTime(now))]],
    });
    // A tab exactly as wide as its data grows a column for markedBy; when none can be made, rule 3.
    await writeAttendance(deps.spreadsheets, sheetId, writes).catch((error: unknown) => {
      if (!(error instanceof GridFullError)) throw error;
      return withoutMarkedBy(`no column ${column} can be added for markedBy`);
    });
  } else {
    await withoutMarkedBy("no free column in H to Z for markedBy");
  }
  await deps.changed(target);
  return { ...entry.person, present, timeIn };
}
