import { useEffect } from "preact/hooks";
import { categoryLabel } from "../../lib/data/labels.ts";
import { useScore } from "../context.ts";
import { ScoreForm } from "./ScoreForm.tsx";
import { ScoreHeading } from "./ScoreHeading.tsx";

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
          <ScoreForm match={match} />
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
