/**
 * What the desk sees of the list: the search, the filter (not yet in, present, withdrawn, all)
 * with live counts, and each person as shown, with any mark not yet answered applied to the row.
 */
import { computed, signal } from "@preact/signals";
import type { MarkState } from "../lib/attendance/pending-marks.ts";
import type { Person } from "../lib/attendance/person.ts";
import { personSearch } from "../lib/attendance/person-search.ts";
import { pendingMarks, people } from "./people.ts";
import { facility } from "./store.ts";

export type Filter = "not-in" | "present" | "withdrawn" | "all";

/** The filters in the order they are offered, with what each one keeps. */
export const FILTERS: ReadonlyArray<{ id: Filter; label: string; keeps(person: Person): boolean }> = [
  { id: "not-in", label: "Not yet in", keeps: (p) => !p.present && !p.withdrawn },
  { id: "present", label: "Present", keeps: (p) => p.present },
  { id: "withdrawn", label: "Withdrawn", keeps: (p) => p.withdrawn },
  { id: "all", label: "All", keeps: () => true },
];

/** A person as shown: the list's row with the desk's unanswered mark applied. */
export interface ShownPerson extends Person {
  /** The state of this person's mark that the service has not answered yet. */
  mark: MarkState | undefined;
}

export const search = signal("");
export const filter = signal<Filter>("all");
/**
 * People marked while this search and filter were shown: they stay in view until either changes,
 * so a row never vanishes under the finger that marked it.
 */
export const stayInView = signal<ReadonlySet<string>>(new Set());

/** Everyone in the list as shown, in sheet order. */
export const shownPeople = computed<ShownPerson[]>(() => {
  const marks = new Map(
    pendingMarks.value.filter((m) => m.facility === facility.value).map((m) => [m.key, m]),
  );
  return (people.value ?? []).map((person) => {
    const mark = marks.get(person.key);
    return mark === undefined
      ? { ...person, mark: undefined }
      : { ...person, present: mark.present, mark: mark.state };
  });
});

/** How many people each filter keeps (search aside). */
export const counts = computed<Record<Filter, number>>(() => {
  const all = shownPeople.value;
  return Object.fromEntries(FILTERS.map((f) => [f.id, all.filter(f.keeps).length])) as Record<Filter, number>;
});

/** The rows in view: the filter's and the search's, plus the people marked meanwhile. */
export const visiblePeople = computed<ShownPerson[]>(() => {
  const keeps = (FILTERS.find((f) => f.id === filter.value) ?? FILTERS[3])!.keeps;
  const matches = personSearch(search.value);
  const staying = stayInView.value;
  return shownPeople.value.filter((p) => matches(p) && (keeps(p) || staying.has(p.key)));
});

export function setSearch(text: string): void {
  search.value = text;
  stayInView.value = new Set();
}

export function setFilter(chosen: Filter): void {
  filter.value = chosen;
  stayInView.value = new Set();
}

/** Keeps a just-marked person in view (see {@link stayInView}). */
export function keepInView(key: string): void {
  stayInView.value = new Set([...stayInView.value, key]);
}
