import { useEffect } from "preact/hooks";
import { categoryLabel } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import { PLAYERS_NOT_DECIDED_SENTENCE, playersDecided } from "../../lib/scores/score-check.ts";
import { useScore } from "../context.ts";
import { PointCounter } from "./PointCounter.tsx";
import { ScoreForm } from "./ScoreForm.tsx";
import { ScoreHeading } from "./ScoreHeading.tsx";

/** The sentence in place of the form while scorer links are switched off (or score entry is off). */
export const DESK_ENTERS = "The control desk enters scores today";

/**
 * What the match offers: nothing while the control desk enters the scores or the players are not
 * known; else the point counter once counting, or the final-only form with the way to count.
 */
function Entry({ match }: { match: Match }) {
  const { counting, entryMode, startCounting } = useScore();
  if (entryMode.value !== "links") {
    return (
      <div class="notice warn" role="status">
        <h2>{DESK_ENTERS}</h2>
        <p>Write the score on the scoresheet and hand it to the control desk.</p>
      </div>
    );
  }
  if (!playersDecided(match)) {
    return (
      <p class="notice" role="status">
        {PLAYERS_NOT_DECIDED_SENTENCE}
      </p>
    );
  }
  if (counting.value) return <PointCounter match={match} />;
  return (
    <>
      <p>
        <button type="button" class="count-start" onClick={startCounting}>
          Count point by point (spectators see it live)
        </button>
      </p>
      <ScoreForm match={match} />
    </>
  );
}

/** One match: what it is, and its score form; or why it cannot be found. */
export function MatchPage() {
  const { dayEntry, feed, go, place, shownMatch } = useScore();
  const { facility, match: number } = place.value;
  const match = shownMatch.value;
  const display = dayEntry.value?.event.display;
  useEffect(() => {
    document.title = `Match ${number} · Score entry`;
  }, [number]);
  const back = (
    <p class="back">
      <a
        href={`?${new URLSearchParams({ facility: facility ?? "" })}`}
        onClick={(event) => {
          event.preventDefault();
          go({ facility, match: undefined });
        }}
      >
        All matches in {facility}
      </a>
    </p>
  );
  const snapshot = feed.value?.snapshot;
  return (
    <>
      {back}
      <h1 class="match-title">Match {number}</h1>
      {match !== undefined ? (
        <>
          <p class="match-facts">
            {[
              facility,
              match.time,
              match.court,
              match.category && categoryLabel(display, match.category),
              match.round,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <Entry match={match} />
        </>
      ) : snapshot === undefined && !feed.value?.unpublished ? (
        <p aria-busy="true">Loading the schedule…</p>
      ) : (
        <p class="notice warn">
          Match {number} is not in {facility}’s schedule for this day. Check the match number and the hall on
          the scoresheet.
        </p>
      )}
      <div class="day-footer">
        <ScoreHeading />
      </div>
    </>
  );
}
