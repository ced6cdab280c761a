/**
 * The registry's types, derived from its schema (`schema.ts`); the pages import them too
 * (`@tournament-ops/service/registry`), so this module holds types only.
 */
import type { Static } from "@sinclair/typebox";
import type {
  DaySchema,
  DisplaySchema,
  EventSchema,
  FacilitySchema,
  RegistrySchema,
  ScoringSchema,
} from "./schema.ts";

export type Registry = Static<typeof RegistrySchema>;
export type Event = Static<typeof EventSchema>;
export type Day = Static<typeof DaySchema>;
export type Facility = Static<typeof FacilitySchema>;
/** Page-only labels (the spec's Display): maps of code to label, key order is display order. */
export type Display = Static<typeof DisplaySchema>;
export type EventType = Event["type"];
/** An event's page-only scoring setting (points to win, win by two, cap, games); every member optional. */
export type Scoring = Static<typeof ScoringSchema>;
export type IsLive = NonNullable<Day["isLive"]>;
export type AttendanceMode = NonNullable<Event["attendance"]>;
export type ScoreEntryMode = NonNullable<Event["scoreEntry"]>;

/** A day found by its key, with its event. Day keys are unique across events. */
export interface DayRef {
  eventKey: string;
  event: Event;
  dayKey: string;
  day: Day;
}
