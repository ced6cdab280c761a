import type { CellValue, Rows } from "../../ports/spreadsheet.ts";
import { AppError } from "../../shared/errors.ts";
import type { CurrentScore } from "./score-body.ts";

/** The tab score entry writes to. */
export const SCHEDULE_TAB = "SCHEDULE";

/** The headers score entry needs (DESIGN.md: the matches CSV names, compared case-insensitively). */
const HEADERS = ["matchNumber", "teamCode1", "teamCode2", "team1Score", "team2Score"] as const;
type Header = (typeof HEADERS)[number];

/** Where one match sits in `SCHEDULE` (zero-based) and what it holds now. */
export interface ScheduleMatch {
  /** Zero-based row index of the match. */
  row: number;
  /** Zero-based column indexes of the two score cells. */
  scoreColumns: { team1Score: number; team2Score: number };
  matchNumber: number | string;
  current: CurrentScore;
}

const layout = (message: string) => new AppError("schedule_layout", message);

const text = (value: CellValue | undefined) =>
  value === null || value === undefined ? "" : String(value).trim();

/** Match numbers compare as trimmed text, and whole numbers numerically (`"007"` is `7`). */
export function matchKey(value: CellValue | undefined): string {
  const key = text(value);
  return /^\d+$/.test(key) ? String(Number(key)) : key;
}

/** The header row: the first row holding a `matchNumber` header. */
function findHeader(rows: Rows): { headerRow: number; columns: Record<Header, number> } {
  const headerRow = rows.findIndex((row) => row.some((cell) => text(cell).toLowerCase() === "matchnumber"));
  if (headerRow < 0) throw layout(`the ${SCHEDULE_TAB} tab has no matchNumber header`);
  const names = (rows[headerRow] ?? []).map((cell) => text(cell).toLowerCase());
  const columns = {} as Record<Header, number>;
  for (const header of HEADERS) {
    const index = names.indexOf(header.toLowerCase());
    if (index < 0) throw layout(`the ${SCHEDULE_TAB} tab has no ${header} header`);
    columns[header] = index;
  }
  return { headerRow, columns };
}

/**
 * A score cell's value: blank is `null`, a number or number text (`"21"`) is that number.
 * A formula, or any other content, cannot take a score: 422 `schedule_layout`.
 */
function scoreOf(
  formulaCell: CellValue | undefined,
  valueCell: CellValue | undefined,
  where: string,
): number | null {
  if (typeof formulaCell === "string" && formulaCell.trim().startsWith("=")) {
    throw layout(`${where} holds a formula; score entry never overwrites one`);
  }
  const value = valueCell ?? formulaCell;
  if (typeof value === "number" && Number.isInteger(value)) return value;
  const shown = text(value);
  if (shown === "") return null;
  if (/^\d+$/.test(shown)) return Number(shown);
  throw layout(`${where} holds "${shown.slice(0, 20)}", which is not a score`);
}

/**
 * Finds one match in `SCHEDULE` by its match number, through the header row. `formulaRows` is the
 * tab read with formulas (to refuse a formula in a score cell); `valueRows` the same tab read
 * unformatted (team codes and match numbers that are formulas read as their results).
 * @throws AppError `schedule_layout` (no tab, missing header, duplicate match number, formula in a
 * score cell) or `not_found` (no such match number).
 * @example const match = locateMatch(formulaRows, valueRows, "12"); // { row: 12, scoreColumns, current, … }
 */
export function locateMatch(
  formulaRows: Rows | undefined,
  valueRows: Rows | undefined,
  matchNumber: string,
): ScheduleMatch {
  if (!formulaRows || !valueRows) throw layout(`the workbook has no ${SCHEDULE_TAB} tab`);
  const { headerRow, columns } = findHeader(valueRows);
  const wanted = matchKey(matchNumber);
  const rows: number[] = [];
  for (let r = headerRow + 1; r < valueRows.length; r++) {
    if (wanted !== "" && matchKey(valueRows[r]?.[columns.matchNumber]) === wanted) rows.push(r);
  }
  if (rows.length === 0)
    throw new AppError("not_found", `match ${matchNumber} is not in the ${SCHEDULE_TAB} tab`);
  if (rows.length > 1)
    throw layout(`match number ${matchNumber} appears ${rows.length} times in the ${SCHEDULE_TAB} tab`);
  const row = rows[0] as number;
  const values = valueRows[row] ?? [];
  const formulas = formulaRows[row] ?? [];
  const cellName = (header: Header) => `${SCHEDULE_TAB} ${header} of match ${matchNumber}`;
  const rawNumber = values[columns.matchNumber];
  return {
    row,
    scoreColumns: { team1Score: columns.team1Score, team2Score: columns.team2Score },
    matchNumber: typeof rawNumber === "number" ? rawNumber : text(rawNumber),
    current: {
      teamCode1: text(values[columns.teamCode1]),
      teamCode2: text(values[columns.teamCode2]),
      team1Score: scoreOf(formulas[columns.team1Score], values[columns.team1Score], cellName("team1Score")),
      team2Score: scoreOf(formulas[columns.team2Score], values[columns.team2Score], cellName("team2Score")),
    },
  };
}
