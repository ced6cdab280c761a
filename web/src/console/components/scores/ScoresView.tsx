import { useLayoutEffect } from "preact/hooks";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { scoreText } from "../../../lib/scores/score-draft.ts";
import { useConsole } from "../../context.ts";
import type { DayMatch } from "../../store/match-search.ts";
import { ScoreEntryOff } from "../ScoreEntryOff.tsx";
import { ScoreForm } from "./ScoreForm.tsx";

/** What the event's score-entry mode means at the control desk (off: {@link ScoreEntryOff}). */
function modeWords(mode: "console" | "links" | null | undefined): { text: string; off: boolean } {
  if (mode === null) return { text: "", off: true };
  if (mode === "console")
    return {
      text: "Operators only: scores for this event are entered here, at the control desk.",
      off: false,
    };
  if (mode === "links")
    return {
      text: "Umpires with a scorer link enter scores too. If one saves a match while you have it open, you see their score before yours is saved.",
      off: false,
    };
  return { text: "Reading the score-entry setting…", off: false };
}

/** A found match on one line: number, court, hall and time, then the two sides and the score. */
function MatchChoice({ found, open }: { found: DayMatch; open: boolean }) {
  const { choose } = useConsole().scores;
  const { facility, match } = found;
  const score = scoreText({
    team1Score: /^\d+$/.test(match.team1Score) ? Number(match.team1Score) : null,
    team2Score: /^\d+$/.test(match.team2Score) ? Number(match.team2Score) : null,
  });
  const where = [match.court, facility, match.time].filter(Boolean).join(" · ");
  return (
    <li>
      <button
        type="button"
        class="match-choice"
        aria-current={open ? "true" : undefined}
        onClick={() => choose({ facility, number: match.matchNumber })}
      >
        <span class="match-choice-head">
          <strong class="match-number">Match {match.matchNumber}</strong> <span class="muted">{where}</span>
        </span>
        <span>
          {match.team1 || match.teamCode1 || "?"} v {match.team2 || match.teamCode2 || "?"} ·{" "}
          <span class="figures">{score}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * The control desk's score screen: find a match by its number, court or player, then enter or
 * correct its score (the umpires' rules: expected values, a conflict to resolve), with who wrote it.
 */
export function ScoresView({ entry }: { entry: DayEntry }) {
  const { day, scores } = useConsole();
  const { feed, scoreEntry } = day;
  const { chosen, chosenMatch, choose, forDay, found, query } = scores;
  // Before the screen is handed back to the browser: run after paint, it could empty a search the
  // operator had already typed into the box this render shows.
  useLayoutEffect(() => forDay(entry.dayKey), [entry.dayKey]);
  const snapshot = feed.value?.snapshot;
  const mode = modeWords(scoreEntry.value?.scoreEntry);
  const { shown, more } = found.value;
  const open = chosen.value;
  const submit = (event: Event) => {
    event.preventDefault();
    const first = shown[0];
    if (first !== undefined) choose({ facility: first.facility, number: first.match.matchNumber });
  };
  return (
    <div class="panels">
      <section class="panel" aria-labelledby="find-heading">
        <h2 id="find-heading">Find a match</h2>
        {mode.off ? <ScoreEntryOff entry={entry} /> : <p class="hint">{mode.text}</p>}
        {snapshot === undefined ? (
          <p>
            {feed.value?.unpublished
              ? "This day has not been published yet: sync it first."
              : "Reading the day…"}
          </p>
        ) : (
          <form class="stack" onSubmit={submit}>
            <label for="match-search">Match number, court or player</label>
            <p class="hint" id="match-search-hint">
              For example 107, court 3, or a player's name (accents do not matter). Enter opens the first
              match.
            </p>
            <input
              id="match-search"
              type="search"
              autocomplete="off"
              aria-describedby="match-search-hint"
              value={query.value}
              onInput={(e) => {
                query.value = (e.currentTarget as HTMLInputElement).value;
              }}
            />
            <p class="hint" aria-live="polite">
              {query.value.trim() === ""
                ? ""
                : shown.length === 0
                  ? "No match of this day fits. Check the number, or try a player's other name."
                  : `${shown.length + more} match${shown.length + more === 1 ? "" : "es"} found${more > 0 ? `; the first ${shown.length} are listed: add to the search to narrow it` : ""}.`}
            </p>
          </form>
        )}
        {shown.length > 0 && (
          <ul class="found" aria-label="Matches found">
            {shown.map((m) => (
              <MatchChoice
                key={`${m.facility} ${m.match.matchNumber}`}
                found={m}
                open={open?.facility === m.facility && open.number === m.match.matchNumber}
              />
            ))}
          </ul>
        )}
      </section>
      {open !== undefined && (
        <ScoreForm entry={entry} open={chosenMatch.value} chosen={open} off={mode.off} />
      )}
    </div>
  );
}
