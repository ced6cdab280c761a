/**
 * A facility's standings (its `STANDINGSCSV` tab as published), one table per category in display
 * order, each ranked by the written rule ({@link TIEBREAK_RULE}, docs/pages.md "Ranked
 * standings") from its Won, Points For and Points Against columns and, between two tied, the
 * result of their match in the facility's matches. A table without a Won column keeps sheet order.
 * A category played only as a knockout here has no table: its draw says more (`bracket.ts`).
 */
import { csvTable } from "../csv.ts";
import { knockoutOnly } from "./bracket.ts";
import { categoryRank } from "./labels.ts";
import type { Match } from "./matches.ts";
import type { Display } from "./registry.ts";

/** The rule, as the page's legend and docs/pages.md say it. */
export const TIEBREAK_RULE = [
  "Most matches won (W).",
  "Two tied: the winner of their match; if they have not met, as for three.",
  "Three or more tied: the larger point difference (+/−, PF − PA), then more points for (PF); two still tied: the winner of their match.",
  "Still tied: the same rank, marked =.",
] as const;

/** Short headings of the columns every workbook template has; others keep their name. */
export const COLUMN_ABBREVIATIONS: Record<string, string> = {
  played: "P",
  won: "W",
  lost: "L",
  "points for": "PF",
  "points against": "PA",
};

export interface StandingRow {
  /** The row as published. */
  cells: string[];
  code: string;
  won: number;
  pointsFor: number;
  pointsAgainst: number;
  /** 1 for the first; rows tied under the rule share a rank. Undefined when the table is not ranked. */
  rank: number | undefined;
  /** True when another row has the same rank. */
  shared: boolean;
}

/**
 * A row's point difference as tables show it, signed with a true minus.
 * @example pointDifference({ pointsFor: 21, pointsAgainst: 30 }) // "−9"
 */
export function pointDifference({
  pointsFor,
  pointsAgainst,
}: Pick<StandingRow, "pointsFor" | "pointsAgainst">): string {
  const value = pointsFor - pointsAgainst;
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
}

export interface StandingsGroup {
  /** The category cell ("" when the tab has no Category column). */
  category: string;
  rows: StandingRow[];
}

export interface Standings {
  header: string[];
  /** Whether the rows are ranked (the tab has a Won column). */
  ranked: boolean;
  /** Points For and Points Against are both there, so the point difference can be shown. */
  difference: boolean;
  /** A column's index by its name (case-insensitive), or -1. */
  column(name: string): number;
  groups: StandingsGroup[];
  /** Categories left out because they are played as a knockout only. */
  drawn: string[];
}

const number = (cell: string | undefined) => {
  const value = Number((cell ?? "").trim());
  return (cell ?? "").trim() !== "" && Number.isFinite(value) ? value : 0;
};

/**
 * The facility's standings, grouped by category in display order, each group ranked.
 * `options.ranked: false` keeps sheet order (a team event's pairs under their team).
 * @example standings(facility.standingsCsv, matchesOf(facility.matchesCsv), event.display).groups[0]?.rows[0]?.rank // 1
 */
export function standings(
  csv: string,
  matches: readonly Match[],
  display: Display | undefined,
  options: { ranked?: boolean } = {},
): Standings {
  const table = csvTable(csv);
  const [category, code, won, pf, pa] = ["category", "team code", "won", "points for", "points against"].map(
    (name) => table.column(name),
  ) as [number, number, number, number, number];
  const ranked = options.ranked !== false && won >= 0;
  const groups = new Map<string, StandingRow[]>();
  const knockouts = knockoutOnly(matches, display);
  const drawn = new Set<string>();
  for (const cells of table.rows) {
    const key = category >= 0 ? (cells[category] ?? "").trim() : "";
    if (knockouts.has(key)) {
      drawn.add(key);
      continue;
    }
    const row: StandingRow = {
      cells,
      code: code >= 0 ? (cells[code] ?? "").trim() : "",
      won: number(cells[won]),
      pointsFor: number(cells[pf]),
      pointsAgainst: number(cells[pa]),
      rank: undefined,
      shared: false,
    };
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  const ordered = [...groups]
    .sort(([a], [b]) => categoryRank(display, a) - categoryRank(display, b))
    .map(([key, rows]) => ({
      category: key,
      rows: ranked ? rank(rows, headToHead(matches, key)) : rows,
    }));
  return {
    header: table.header,
    ranked,
    difference: pf >= 0 && pa >= 0,
    column: table.column,
    groups: ordered,
    drawn: [...drawn],
  };
}

/** Wins of `a` over `b` minus wins of `b` over `a`, in their matches of the category. */
type HeadToHead = (a: StandingRow, b: StandingRow) => number;

function headToHead(matches: readonly Match[], category: string): HeadToHead {
  const wanted = category.toLowerCase();
  const own = matches.filter(
    (match) => match.winner !== undefined && (wanted === "" || match.category.toLowerCase() === wanted),
  );
  return (a, b) => {
    let balance = 0;
    for (const match of own) {
      const winner = match.winner === 1 ? match.teamCode1 : match.teamCode2;
      const loser = match.winner === 1 ? match.teamCode2 : match.teamCode1;
      if (winner === a.code && loser === b.code) balance++;
      if (winner === b.code && loser === a.code) balance--;
    }
    return balance;
  };
}

/** Rows in order of the rule, each with its rank; rows left tied keep sheet order and share a rank. */
export function rank(rows: readonly StandingRow[], beats: HeadToHead): StandingRow[] {
  const tiers: StandingRow[][] = [];
  for (const block of blocks([...rows], (row) => [row.won])) tiers.push(...settle(block, beats, true));
  const ranked: StandingRow[] = [];
  for (const tier of tiers) {
    const place = ranked.length + 1;
    for (const row of tier) ranked.push({ ...row, rank: place, shared: tier.length > 1 });
  }
  return ranked;
}

/** Groups of rows equal on `key`, best first (every part of the key larger is better). */
function blocks(rows: StandingRow[], key: (row: StandingRow) => number[]): StandingRow[][] {
  const sorted = rows
    .map((row, index) => ({ row, index, key: key(row) }))
    .sort((a, b) => compareKeys(b.key, a.key) || a.index - b.index);
  const found: StandingRow[][] = [];
  let previous: number[] | undefined;
  for (const { row, key: k } of sorted) {
    if (previous !== undefined && compareKeys(previous, k) === 0) (found.at(-1) as StandingRow[]).push(row);
    else found.push([row]);
    previous = k;
  }
  return found;
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

/**
 * Rows tied on wins, in order: two by their match (when they met and one won more), three or more
 * (and two who did not meet) by point difference then points for, two left by their match.
 * Returns tiers: a tier of several rows is a shared rank.
 */
function settle(tied: StandingRow[], beats: HeadToHead, firstPass: boolean): StandingRow[][] {
  if (tied.length === 1) return [tied];
  if (tied.length === 2) {
    const [a, b] = tied as [StandingRow, StandingRow];
    const balance = beats(a, b);
    if (balance > 0) return [[a], [b]];
    if (balance < 0) return [[b], [a]];
    if (!firstPass) return [tied];
  }
  const byPoints = blocks(tied, (row) => [row.pointsFor - row.pointsAgainst, row.pointsFor]);
  if (byPoints.length === 1) return [tied];
  return byPoints.flatMap((block) => settle(block, beats, false));
}
