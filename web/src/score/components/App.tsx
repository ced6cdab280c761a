import { useScore } from "../context.ts";
import { AskForLink } from "./AskForLink.tsx";
import { DayMatches } from "./DayMatches.tsx";
import { MatchPage } from "./MatchPage.tsx";
import { ScoreShell } from "./Shell.tsx";

export function App() {
  const { dayEntry, deskToken, failure, link, place, registry } = useScore();
  if (failure.value !== undefined) {
    return (
      <ScoreShell>
        <p class="notice warn" role="alert">
          {failure.value}
        </p>
      </ScoreShell>
    );
  }
  if (deskToken.value !== undefined) {
    return (
      <ScoreShell>
        <h1>This is a desk link</h1>
        <p>It is for checking people in at a desk, and opens on the desk page.</p>
        <p>
          <a href={`../desk/#${deskToken.value}`}>Open the check-in desk</a>
        </p>
      </ScoreShell>
    );
  }
  if (registry.value === undefined) {
    return (
      <ScoreShell>
        <p aria-busy="true">Loading…</p>
      </ScoreShell>
    );
  }
  const scorer = link.value;
  if (scorer === undefined) return <AskForLink />;
  if (dayEntry.value === undefined) {
    return (
      <ScoreShell>
        <h1>This day is not listed</h1>
        <p>
          The scorer link is for the day “{scorer.day}”, which is not in the tournament’s list any more. Ask
          the control desk for a new link.
        </p>
      </ScoreShell>
    );
  }
  return <ScoreShell>{place.value.match === undefined ? <DayMatches /> : <MatchPage />}</ScoreShell>;
}
