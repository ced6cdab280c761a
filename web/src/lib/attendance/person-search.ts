/**
 * Finding a person in an attendance list as the service identifies people: by the person key
 * (accents stripped, whitespace collapsed, lower-cased: `Mónica Yáñez` is `monica yanez`), so a
 * desk typing `monica`, `YANEZ` or `yáñez m` finds her. The folding is the service's own function.
 */
import { personKey } from "@tournament-ops/service/person-key";

/** What a search looks at: the person's name and team codes. */
export interface Searchable {
  player: string;
  teams: readonly string[];
}

/**
 * A test for people matching `query`: every word of the query, folded like a person key, is part
 * of the folded name or of a team code. An empty query matches everyone.
 * @example const matches = personSearch("monica"); people.filter(matches)
 */
export function personSearch(query: string): (person: Searchable) => boolean {
  const matches = foldedSearch(query);
  return (person) => matches(searchText(person));
}

/** What a search looks in, folded: kept by a page that searches a long list on every key press. */
export function searchText(person: Searchable): string {
  return personKey([person.player, ...person.teams].join(" "));
}

/** {@link personSearch} over texts already folded by {@link searchText}. */
export function foldedSearch(query: string): (folded: string) => boolean {
  const words = personKey(query).split(" ").filter(Boolean);
  return (folded) => words.every((word) => folded.includes(word));
}
