import { useDesk } from "../context.ts";
import { FILTERS } from "../filters.ts";

/** The search box (accents and case ignored, as the person key) and the filters with their counts. */
export function SearchAndFilters() {
  const { counts, filter, search, setFilter, setSearch } = useDesk();
  const counted = counts.value;
  return (
    <search class="find">
      <label for="find-person">Find a person</label>
      <p class="hint" id="find-hint">
        Name or team code; accents and capitals do not matter
      </p>
      <input
        id="find-person"
        type="search"
        autoComplete="off"
        spellcheck={false}
        aria-describedby="find-hint"
        value={search.value}
        onInput={(event) => setSearch(event.currentTarget.value)}
      />
      <fieldset class="filters">
        <legend class="visually-hidden">Show</legend>
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            aria-pressed={filter.value === f.id}
            onClick={() => setFilter(f.id)}
          >
            {f.label} <span class="figures">{counted[f.id]}</span>
          </button>
        ))}
      </fieldset>
    </search>
  );
}
