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
  const words = personKey(query).split(" ").filter(Boolean);
  if (words.length === 0) return () => true;
  return (person) => {
    const text = personKey([person.player, ...person.teams].join(" "));
    return words.every((word) => text.includes(word));
  };
}
