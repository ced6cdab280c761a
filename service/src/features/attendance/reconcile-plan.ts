import type { CellValue, RangeWrite, Rows } from "../../ports/spreadsheet.ts";
import { ATTENDANCE_HEADER, ATTENDANCE_TAB, cellText, splitList } from "./attendance-tab.ts";
import { personKey } from "./person-key.ts";
import type { RosterPerson } from "./roster.ts";

/** What one reconciliation changes, as counted in its report. */
export interface ReconcilePlan {
  writes: RangeWrite[];
  /** People appended below the last row, with the rows they go to. */
  added: { row: number; key: string }[];
  /** Existing rows changed in place (player, teams, categories, merges, blanked duplicates, back on the roster). */
  updated: number;
  /** Rows newly set `withdrawn = TRUE`. */
  withdrawn: number;
}

interface RowState {
  row: number;
  cells: readonly CellValue[];
  teams: string[];
  categories: string[];
  present: boolean;
  timeIn: string;
  mergedFrom: number[];
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

function newRow(person: RosterPerson): CellValue[] {
  return [person.key, person.player, person.teams.join(", "), person.categories.join(", "), false, "", false];
}

/** Adds a duplicate's team/category pairs and attendance to the first row of its key. */
function merge(first: RowState, later: RowState): void {
  later.teams.forEach((team, i) => {
    const category = later.categories[i] ?? "";
    const known = first.teams.some((t, j) => t === team && first.categories[j] === category);
    if (!known) {
      first.teams.push(team);
      first.categories.push(category);
    }
  });
  first.present ||= later.present;
  first.timeIn ||= later.timeIn;
  first.mergedFrom.push(later.row);
}

/**
 * Plans the update of an `ATTENDANCE` tab (header already checked) to a roster: rows change only
 * in place or are added below the last row, never inserted or deleted. Duplicate keys merge into
 * the first row and the later row is blanked. People gone from the roster get `withdrawn = TRUE`
 * and keep `present` and `timeIn`. Only the cells that change are written, so a mark landing
 * meanwhile on E:F is never overwritten (E:F are written only when a merge changes them).
 * @example const plan = planReconciliation(rows, roster.people); await writeAttendance(sheets, id, plan.writes);
 */
export function planReconciliation(rows: Rows, roster: readonly RosterPerson[]): ReconcilePlan {
  const onRoster = new Map(roster.map((person) => [person.key, person]));
  const firsts = new Map<string, RowState>();
  const blanked: number[] = [];
  let lastRow = 1;
  for (let index = 1; index < rows.length; index++) {
    const cells = rows[index] ?? [];
    if (cells.slice(0, 7).some((cell) => cellText(cell).trim() !== "")) lastRow = index + 1;
    const key = personKey(cellText(cells[0]));
    if (key === "") continue;
    const state: RowState = {
      row: index + 1,
      cells,
      teams: splitList(cellText(cells[2])),
      categories: splitList(cellText(cells[3])),
      present: cellText(cells[4]) === "TRUE",
      timeIn: cellText(cells[5]).trim(),
      mergedFrom: [],
    };
    const first = firsts.get(key);
    if (first) {
      merge(first, state);
      blanked.push(state.row);
    } else firsts.set(key, state);
  }

  const writes: RangeWrite[] = [];
  let updated = blanked.length;
  let withdrawn = 0;
  for (const [key, state] of firsts) {
    const person = onRoster.get(key);
    const r = state.row;
    const player = person ? person.player : cellText(state.cells[1]).trim();
    const teams = person ? person.teams : state.teams;
    const categories = person ? person.categories : state.categories;
    const wasWithdrawn = cellText(state.cells[6]) === "TRUE";
    let changed = false;
    const identityChanged =
      cellText(state.cells[0]) !== key ||
      cellText(state.cells[1]).trim() !== player ||
      !same(splitList(cellText(state.cells[2])), teams) ||
      !same(splitList(cellText(state.cells[3])), categories);
    if (identityChanged) {
      writes.push({
        range: `${ATTENDANCE_TAB}!A${r}:D${r}`,
        values: [[key, player, teams.join(", "), categories.join(", ")]],
      });
      changed = true;
    }
    if (state.mergedFrom.length > 0) {
      writes.push({ range: `${ATTENDANCE_TAB}!E${r}:F${r}`, values: [[state.present, state.timeIn]] });
      changed = true;
    }
    if (wasWithdrawn !== !person) {
      writes.push({ range: `${ATTENDANCE_TAB}!G${r}`, values: [[!person]] });
      if (person) changed = true;
      else withdrawn++;
    }
    if (changed) updated++;
  }
  for (const r of blanked)
    writes.push({ range: `${ATTENDANCE_TAB}!A${r}:G${r}`, values: [["", "", "", "", "", "", ""]] });

  const newcomers = roster.filter((person) => !firsts.has(person.key));
  const added = newcomers.map((person, i) => ({ row: lastRow + 1 + i, key: person.key }));
  if (newcomers.length > 0) {
    const from = lastRow + 1;
    const to = lastRow + newcomers.length;
    writes.push({ range: `${ATTENDANCE_TAB}!A${from}:G${to}`, values: newcomers.map(newRow) });
  }
  return { writes, added, updated, withdrawn };
}

/** The writes that fill a tab the service has just created: the header row and one row per person. */
export function planNewTab(roster: readonly RosterPerson[]): ReconcilePlan {
  const values: CellValue[][] = [[...ATTENDANCE_HEADER], ...roster.map(newRow)];
  return {
    writes: [{ range: `${ATTENDANCE_TAB}!A1:G${values.length}`, values }],
    added: roster.map((person, i) => ({ row: i + 2, key: person.key })),
    updated: 0,
    withdrawn: 0,
  };
}
