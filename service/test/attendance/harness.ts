import type { LiveRelay } from "../../src/ports/live-relay.ts";
import type { Spreadsheets } from "../../src/ports/spreadsheet.ts";
import type { Clock } from "../../src/shared/clock.ts";
import { startTestApp, type TestApp, type TestAppOptions } from "../support/app.ts";
import type { TestCell } from "../support/workbooks.ts";

export const HEADER: TestCell[] = ["key", "player", "teams", "categories", "present", "timeIn", "withdrawn"];

/** A LiveRelay that records nudges as `<event>/<day>/<facility>`. */
export function recordingRelay(): LiveRelay & { nudges: string[] } {
  const nudges: string[] = [];
  return {
    baseUrl: "http://relay.invalid",
    nudges,
    publish: async () => ({ clients: 0 }),
    nudge: async (event, day, facility) => {
      nudges.push(`${event}/${day}/${facility}`);
    },
    // One instance only here: every lease is free.
    acquireLease: async (_key, ttlMs) => ({ token: "lease", ttlMs }),
    releaseLease: async () => {},
    announceDays: async () => {},
    pushLivePoint: async (_event, _day, point) => ({
      accepted: true,
      point: { ...point, at: "" },
      ended: false,
    }),
    endLivePoint: async () => {},
    notify: async () => {},
    health: async () => ({ answers: true }),
  };
}

export interface AttendanceApp extends TestApp {
  relay: ReturnType<typeof recordingRelay>;
  operator: { authorization: string };
  desk(day?: string, label?: { to?: string; note?: string }): { authorization: string };
}

/** The real app over the given spreadsheets, with a recording relay and auth header helpers. */
export async function startAttendanceApp(
  spreadsheets: Spreadsheets,
  options: { clock?: Clock; registry?: unknown; logger?: TestAppOptions["logger"] } = {},
): Promise<AttendanceApp> {
  const relay = recordingRelay();
  const app = await startTestApp({
    spreadsheets,
    liveRelay: relay,
    clock: options.clock,
    registry: options.registry,
    logger: options.logger,
  });
  return Object.assign(app, {
    relay,
    operator: { authorization: `Bearer ${app.operatorToken()}` },
    desk: (day = "open-sat", label: { to?: string; note?: string } = {}) => ({
      authorization: `Bearer ${app.deskToken(day, undefined, label)}`,
    }),
  });
}

export const PEOPLE = "/v3/days/open-sat/facilities/Hall%20A/people";
export const markPath = (key: string, facility = "Hall%20A", day = "open-sat") =>
  `/v3/days/${day}/facilities/${facility}/people/${encodeURIComponent(key)}/attendance`;
