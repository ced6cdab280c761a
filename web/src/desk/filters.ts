/**
 * What the desk sees of the list: the search, the filter (not yet in, present, withdrawn, all)
 * with live counts, and each person as shown, with any mark not yet answered applied to the row.
 */
import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import type { MarkState, PendingMark } from "../lib/attendance/pending-marks.ts";
import type { Person } from "../lib/attendance/person.ts";
import { personSearch } from "../lib/attendance/person-search.ts";

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

export interface Filters {
  search: Signal<string>;
  filter: Signal<Filter>;
  /**
   * People marked while this search and filter were shown: they stay in view until either changes,
   * so a row never vanishes under the finger that marked it.
   */
  stayInView: Signal<ReadonlySet<string>>;
  /** Everyone in the list as shown, in sheet order. */
  shownPeople: ReadonlySignal<ShownPerson[]>;
  /** How many people each filter keeps (search aside). */
  counts: ReadonlySignal<Record<Filter, number>>;
  /** The rows in view: the filter's and the search's, plus the people marked meanwhile. */
  visiblePeople: ReadonlySignal<ShownPerson[]>;
  setSearch(text: string): void;
  setFilter(chosen: Filter): void;
  /** Keeps a just-marked person in view (see {@link Filters.stayInView}). */
  keepInView(key: string): void;
}

/** The filters over a facility's list and the desk's marks. */
export function createFilters(list: {
  people: ReadonlySignal<Person[] | undefined>;
  pendingMarks: ReadonlySignal<readonly PendingMark[]>;
  facility: ReadonlySignal<string | undefined>;
}): Filters {
  const search = signal("");
  const filter = signal<Filter>("all");
  const stayInView = signal<ReadonlySet<string>>(new Set());
  const shownPeople = computed<ShownPerson[]>(() => {
    const marks = new Map(
      list.pendingMarks.value.filter((m) => m.facility === list.facility.value).map((m) => [m.key, m]),
    );
    return (list.people.value ?? []).map((person) => {
      const mark = marks.get(person.key);
      return mark === undefined
        ? { ...person, mark: undefined }
        : { ...person, present: mark.present, mark: mark.state };
    });
  });
  const counts = computed<Record<Filter, number>>(() => {
    const all = shownPeople.value;
    return Object.fromEntries(FILTERS.map((f) => [f.id, all.filter(f.keeps).length])) as Record<
      Filter,
      number
    >;
  });
  const visiblePeople = computed<ShownPerson[]>(() => {
    const keeps = (FILTERS.find((f) => f.id === filter.value) ?? FILTERS[3])!.keeps;
    const matches = personSearch(search.value);
    const staying = stayInView.value;
    return shownPeople.value.filter((p) => matches(p) && (keeps(p) || staying.has(p.key)));
  });
  return {
    search,
    filter,
    stayInView,
    shownPeople,
    counts,
    visiblePeople,
    setSearch(text) {
      search.value = text;
      stayInView.value = new Set();
    },
    setFilter(chosen) {
      filter.value = chosen;
      stayInView.value = new Set();
    },
    keepInView(key) {
      stayInView.value = new Set([...stayInView.value, key]);
    },
  };
}
