import "../../styles/courts.css";
import { useEffect } from "preact/hooks";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { useConsole } from "../../context.ts";
import { courtBoardOf, sidesOf } from "../../store/court-board.ts";
import { CourtTile, type TileActions, tileHeadingId } from "./CourtTile.tsx";

/** Puts focus on a court's heading once the board has drawn the court's new state. */
function focusCourt(court: string) {
  requestAnimationFrame(() => document.getElementById(tileHeadingId(court))?.focus());
}

/**
 * The court board of one hall: each court free, called or in play; the next match to call on a
 * free court; every waiting match, and why those held back wait.
 */
export function CourtsView({ entry }: { entry: DayEntry }) {
  const store = useConsole();
  const { attendance, day, app } = store;
  const courts = courtBoardOf(store);
  const { board, halls, chosenHall, pending, outcome } = courts;
  const takesAttendance = entry.event.attendance !== undefined;
  useEffect(() => courts.forDay(entry.dayKey), [entry.dayKey]);
  useEffect(() => {
    if (!takesAttendance) return;
    attendance.watchAttendance(entry);
    return attendance.stopAttendance;
  }, [entry.dayKey, takesAttendance]);
  const feed = day.feed.value;
  const shown = board.value;
  if (shown === undefined) {
    return (
      <section class="panel" aria-labelledby="board-heading">
        <h2 id="board-heading">Courts</h2>
        <p>
          {feed?.unpublished
            ? "This day has not been published yet: sync it first."
            : feed?.snapshot === undefined
              ? "Reading the day…"
              : "No hall of this day has matches yet."}
        </p>
      </section>
    );
  }
  const actions: TileActions = {
    busy: pending.value !== undefined,
    call(matchNumber, court) {
      void courts.callMatch(entry, shown.facility, matchNumber, court).then((done) => {
        if (done) focusCourt(court);
      });
    },
    cancel(matchNumber) {
      const court = shown.courts.find(
        (t) => t.state !== "free" && t.match.matchNumber === matchNumber,
      )?.court;
      void courts.cancelCall(entry, shown.facility, matchNumber).then((done) => {
        if (done && court !== undefined) focusCourt(court);
      });
    },
    // A Start is a live state (0–0), so only where the event takes scores here.
    ...(entry.event.scoreEntry === undefined
      ? {}
      : {
          start(matchNumber: string) {
            const court = shown.courts.find(
              (t) => t.state === "called" && t.match.matchNumber === matchNumber,
            )?.court;
            // The button goes with the call's state: the court's heading keeps the focus.
            void courts.startMatch(entry, shown.facility, matchNumber).then((done) => {
              if (done && court !== undefined) focusCourt(court);
            });
          },
        }),
  };
  const last = outcome.value?.facility === shown.facility ? outcome.value : undefined;
  const unplaced = last?.kind === "problem" && !shown.courts.some((t) => t.court === last.court);
  const held = shown.queue.filter((q) => q.suggestedFor === undefined);
  return (
    <div class="court-board">
      {halls.value.length > 1 && (
        <fieldset class="hall-choice">
          <legend class="visually-hidden">Hall</legend>
          {halls.value.map((hall) => (
            <button
              type="button"
              key={hall}
              aria-pressed={hall === shown.facility}
              onClick={() => {
                chosenHall.value = hall;
              }}
            >
              {hall}
            </button>
          ))}
        </fieldset>
      )}
      <h2 id="board-heading">Courts of {shown.facility}</h2>
      <p class="visually-hidden" role="status">
        {last?.kind === "done" ? last.text : pending.value !== undefined ? "Sending…" : ""}
      </p>
      {shown.readingAttendance && (
        <p class="notice">
          Reading the attendance lists: a match is suggested once its players are checked in.
        </p>
      )}
      {unplaced && (
        <p class="notice warn" role="alert">
          {last.text}
        </p>
      )}
      <ul class="court-tiles" aria-labelledby="board-heading">
        {shown.courts.map((tile) => (
          <CourtTile
            key={tile.court}
            tile={tile}
            courts={shown.courts}
            queue={shown.queue}
            now={app.now.value}
            outcome={last}
            actions={actions}
          />
        ))}
      </ul>
      <section class="panel" aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">Waiting matches</h2>
        {shown.queue.length === 0 ? (
          <p>Every match of {shown.facility} has a score or a call.</p>
        ) : (
          <>
            <p class="hint">
              Earliest first. {held.length} held back: a player on a court or called, resting, or not checked
              in.
            </p>
            <ul class="waiting">
              {shown.queue.map((q) => (
                <li key={q.match.matchNumber}>
                  <strong>Match {q.match.matchNumber}</strong> · {q.match.time} · {sidesOf(q.match)}
                  <br />
                  {q.suggestedFor !== undefined ? (
                    <span class="court-ok">Next for {q.suggestedFor}</span>
                  ) : q.reasons.length === 0 ? (
                    <span>Ready: waits for a free court</span>
                  ) : (
                    <span class="warn-text">{q.reasons.map((r) => r.text).join("; ")}</span>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
