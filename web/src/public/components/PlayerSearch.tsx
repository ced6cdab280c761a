import { categoryLabel } from "../../lib/data/labels.ts";
import { usePublic } from "../context.ts";
import { queryOf } from "../place.ts";
import "./players.css";

/**
 * Finds a player of the event's days as the desk finds people (accents, case and spaces ignored:
 * `jose nanez` finds José Ñañez); each one found opens their page.
 */
export function PlayerSearch() {
  const { dayEntry, openPlayer, place, players } = usePublic();
  const query = players.query.value;
  const found = players.found.value;
  const display = dayEntry.value?.event.display;
  return (
    <search class="player-search" aria-label="Players">
      <label for="player-search">Find a player</label>
      <input
        id="player-search"
        type="search"
        autocomplete="off"
        spellcheck={false}
        placeholder="Name or team code"
        value={query}
        onFocus={players.readEventDays}
        onInput={(event) => {
          players.query.value = event.currentTarget.value;
        }}
      />
      <p class="visually-hidden" role="status">
        {query.trim() === "" ? "" : found.length === 0 ? "No player found." : `${found.length} found.`}
      </p>
      {query.trim() !== "" && (
        <ul class="found" aria-label="Players found">
          {found.length === 0 && <li class="none">No player of this event is called that.</li>}
          {found.map((player) => (
            <li key={player.key}>
              <a
                href={queryOf({ ...place.value, player: player.key })}
                onClick={(event) => {
                  event.preventDefault();
                  players.query.value = "";
                  openPlayer(player.key);
                }}
              >
                <span class="name">{player.name}</span>
                <span class="categories">
                  {player.categories.map((category) => categoryLabel(display, category)).join(", ")}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </search>
  );
}
