import { REGISTRY_PATH } from "../../../src/registry/store.ts";
import { sampleRegistry } from "../../support/registry-fixture.ts";
import type { FaultRoute } from "./fault-routes.ts";
import type { Upstreams } from "./upstreams.ts";

export const SNAPSHOT_PATH = "open-2026/data/open-sat.json";

/** What the upstreams hold, taken before a fault so that the state after can be compared. */
export interface Holdings {
  snapshot?: { facilities: Array<{ name: string; status: string; matchesCsv: string }> };
}

export function holdings(up: Upstreams): Holdings {
  const bytes = up.github.file(SNAPSHOT_PATH);
  return { snapshot: bytes ? JSON.parse(bytes.toString("utf8")) : undefined };
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/**
 * Everything a fault must not have lost or half-written, as a list of problems (empty = none):
 * no facility dropped from the archived snapshot (and each keeps its matches), attendance rows
 * whole (`present` with its `timeIn` and `markedBy`, no duplicate keys, header intact), the two
 * score cells of match 1 both old or both new, and the registry file either wholly old or wholly
 * new.
 */
export function lostOrHalfWritten(
  up: Upstreams,
  before: Holdings,
  route: FaultRoute,
  status: number,
): string[] {
  const problems: string[] = [];
  problems.push(...acknowledgedMissing(up, route, status));
  const after = holdings(up);
  for (const facility of before.snapshot?.facilities ?? []) {
    const now = after.snapshot?.facilities.find((f) => f.name === facility.name);
    if (!now) problems.push(`facility ${facility.name} dropped from the snapshot`);
    else if (facility.matchesCsv && !now.matchesCsv)
      problems.push(`facility ${facility.name} lost its matches`);
  }
  const cell = (tab: string, row: number, column: number) =>
    up.sheets.cell("open-hall-a", tab, row, column)?.value;
  const header = Array.from({ length: 7 }, (_, c) => text(cell("ATTENDANCE", 0, c))).join("|");
  if (header !== "key|player|teams|categories|present|timeIn|withdrawn")
    problems.push(`attendance header changed: ${header}`);
  const keys = new Set<string>();
  for (let row = 1; row < 40; row++) {
    const key = text(cell("ATTENDANCE", row, 0));
    if (key === "") continue;
    if (keys.has(key)) problems.push(`duplicate attendance row for ${key}`);
    keys.add(key);
    const present = cell("ATTENDANCE", row, 4) === true;
    const timeIn = text(cell("ATTENDANCE", row, 5));
    const markedBy = [7, 8, 10, 11].map((c) => text(cell("ATTENDANCE", row, c))).join("");
    if (present !== (timeIn !== "")) problems.push(`${key}: present ${present} but timeIn "${timeIn}"`);
    if (present && markedBy === "") problems.push(`${key}: present without markedBy`);
  }
  const scores = [cell("SCHEDULE", 1, 4), cell("SCHEDULE", 1, 5)].map(text).join("-");
  if (scores !== "-" && scores !== "21-17") problems.push(`match 1 score half-written: ${scores}`);
  if (route.writes === "registry") {
    const file = JSON.parse(up.github.file(REGISTRY_PATH)?.toString("utf8") ?? "null");
    const expected = sampleRegistry() as Record<string, any>;
    const old = { isLive: "auto", scoreEntry: "links" };
    if (file?.events?.["open-2026"]) {
      file.events["open-2026"].days["open-sat"].isLive = old.isLive;
      file.events["open-2026"].scoreEntry = old.scoreEntry;
      if (file.livePush === false) delete file.livePush;
    }
    if (JSON.stringify(file) !== JSON.stringify(expected))
      problems.push("registry file partly applied or damaged");
  }
  return problems;
}

/** A write the service acknowledged (2xx) that is not where it must be. */
function acknowledgedMissing(up: Upstreams, route: FaultRoute, status: number): string[] {
  if (status < 200 || status >= 300 || !route.writes) return [];
  const cell = (tab: string, row: number, column: number) =>
    up.sheets.cell("open-hall-a", tab, row, column)?.value;
  if (route.writes === "snapshot") {
    const hallA = holdings(up).snapshot?.facilities.find((f) => f.name === "Hall A");
    return hallA?.matchesCsv.includes("21")
      ? []
      : ["a sync answered 200 but its data is not in the archived snapshot"];
  }
  if (route.writes === "score") {
    const scores = [cell("SCHEDULE", 1, 4), cell("SCHEDULE", 1, 5)].map(text).join("-");
    return scores === "21-17" ? [] : [`an acknowledged score is not in the workbook (${scores})`];
  }
  if (route.writes === "attendance" && route.method === "PUT") {
    const key = decodeURIComponent(/\/(player[^/]*?)(?:\/attendance)?$/.exec(route.path)?.[1] ?? "");
    const row = Array.from({ length: 10 }, (_, r) => r).find((r) => cell("ATTENDANCE", r, 0) === key);
    return row !== undefined && cell("ATTENDANCE", row, 4) === true
      ? []
      : [`an acknowledged mark of ${key} is not in the workbook`];
  }
  if (route.writes === "registry") {
    const file = JSON.parse(up.github.file(REGISTRY_PATH)?.toString("utf8") ?? "null");
    const event = file?.events?.["open-2026"];
    const applied =
      (route.name === "visibility" && event?.days?.["open-sat"]?.isLive === true) ||
      (route.name === "live-push switch" && file?.livePush === false) ||
      (route.name === "score-entry switch" && event?.scoreEntry === "console");
    return applied ? [] : [`an acknowledged ${route.name} change is not in the registry`];
  }
  return [];
}
