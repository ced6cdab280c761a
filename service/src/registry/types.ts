/** The registry file (`config/events.json`) as the spec's Resources tables describe it. */

export const SUPPORTED_REGISTRY_VERSION = 1;

export type EventType = "dual-meet" | "standard" | "team";
export type IsLive = true | false | "auto";
export type AttendanceMode = "console" | "desks";
export type ScoreEntryMode = "console" | "links";

export interface Facility {
  name: string;
  /** Empty or missing: the facility is skipped by sync. */
  sheetId?: string;
}

export interface Day {
  label: string;
  date?: string;
  isLive?: IsLive;
  facilities: Facility[];
  matchesSheetName?: string;
  standingsSheetName?: string;
  rosterSheetName?: string;
}

export interface Event {
  type: EventType;
  archived?: boolean;
  title?: string;
  attendance?: AttendanceMode;
  scoreEntry?: ScoreEntryMode;
  teamScoring?: string;
  days: Record<string, Day>;
  display?: Record<string, unknown>;
}

export interface Registry {
  version: number;
  livePush?: boolean;
  defaults: { matchesSheetName: string; standingsSheetName: string };
  events: Record<string, Event>;
}

/** A day found by its key, with its event. Day keys are unique across events. */
export interface DayRef {
  eventKey: string;
  event: Event;
  dayKey: string;
  day: Day;
}
