/**
 * What the store tests open pages on: a small registry, day links signed as the service signs
 * their payload (the signature is not checked by a page), match rows and published snapshots.
 */

import { LINK_SCOPES, type LinkKind } from "@tournament-ops/service/link-rules";
import { MATCH_COLUMNS } from "@tournament-ops/service/match-columns";
import type { Person } from "../../src/lib/api/types.ts";
import { toCsv } from "../../src/lib/csv.ts";
import { personKey } from "../../src/lib/data/person-key.ts";
import type { Registry } from "../../src/lib/data/registry.ts";
import type { DaySnapshot } from "../../src/lib/data/snapshot.ts";

/** Sunday 29 November 2026, 09:00 in Manila. */
export const SUNDAY_9AM = "2026-11-29T01:00:00.000Z";

/** The Junior Open (desks and scorer links) over two days, and a team cup that takes no attendance. */
export const REGISTRY: Registry = {
  version: 1,
  defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
  events: {
    "junior-open": {
      type: "standard",
      title: "Manila Junior Open",
      attendance: "desks",
      scoreEntry: "links",
      days: {
        "open-sat": {
          label: "Saturday",
          date: "2026-11-28",
          facilities: [{ name: "Rizal Hall", sheetId: "sat-rizal" }, { name: "Overflow Gym" }],
        },
        "open-sun": {
          label: "Sunday",
          date: "2026-11-29",
          isLive: "auto",
          facilities: [
            { name: "Rizal Hall", sheetId: "sun-rizal" },
            { name: "Aguinaldo Court", sheetId: "sun-aguinaldo" },
            { name: "Overflow Gym" },
          ],
        },
        "open-mon": {
          label: "Monday",
          date: "2026-11-30",
          isLive: "auto",
          facilities: [{ name: "Mabini Gym", sheetId: "mon-mabini" }],
        },
      },
    },
  },
};

/** A day link's token: its payload as the service writes it, and a signature no page checks. */
export function linkToken(
  kind: LinkKind,
  payload: { day: string; exp: number | string; to?: string; note?: string },
): string {
  const exp = typeof payload.exp === "string" ? Date.parse(payload.exp) : payload.exp;
  const body = { ...payload, exp, scope: LINK_SCOPES[kind] };
  return `${Buffer.from(JSON.stringify(body)).toString("base64url")}.c2lnbmF0dXJl`;
}

/** The match columns these rows fill: all but the round and the referee. */
export const MATCH_HEADER: string[] = MATCH_COLUMNS.filter((name) => name !== "round" && name !== "referee");

/** A match row: number, time, court, the two sides and their scores. */
export function matchRow(
  number: number,
  time: string,
  court: string,
  team1: string,
  team2: string,
  scores: [string, string] = ["", ""],
): string[] {
  return [
    String(number),
    "2026-11-29",
    time,
    court,
    "MS U15",
    `A${number}`,
    team1,
    `B${number}`,
    team2,
    ...scores,
  ];
}

/** A published day: its facilities as match rows, generated at `generatedAt`. */
export function snapshotOf(
  facilities: Record<string, string[][]>,
  options: { generatedAt?: string; isLive?: boolean | "auto"; event?: string; day?: string } = {},
): DaySnapshot {
  const generatedAt = options.generatedAt ?? SUNDAY_9AM;
  const rows = Object.entries(facilities);
  return {
    event: options.event ?? "junior-open",
    day: options.day ?? "open-sun",
    label: "Sunday",
    date: "2026-11-29",
    isLive: options.isLive ?? true,
    generatedAt,
    editedAt: null,
    matchesCsv: toCsv([
      ["facility", ...MATCH_HEADER],
      ...rows.flatMap(([name, list]) => list.map((r) => [name, ...r])),
    ]),
    facilities: rows.map(([name, list]) => ({
      name,
      status: "ok",
      fetchedAt: generatedAt,
      matchesCsv: toCsv([MATCH_HEADER, ...list]),
      standingsCsv: "",
    })),
  } as DaySnapshot;
}

/** A person of an attendance list. */
export function person(player: string, present = false): Person {
  return {
    key: personKey(player),
    player,
    teams: [],
    categories: [],
    present,
    timeIn: "",
    withdrawn: false,
    shirt: "",
  };
}
