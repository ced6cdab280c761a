import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { byStartTime, type ScheduledMatch } from "../../../lib/data/clashes.ts";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { useConsole } from "../../context.ts";

/** How many start times of players not checked in are shown before "Show all". */
const FIRST_SLOTS = 3;

/** "Match 301, Court 1, Rizal Hall, 09:00" */
function where({ facility, match }: ScheduledMatch): string {
  return `Match ${match.matchNumber}, ${match.court || "no court"}, ${facility}, ${match.time}`;
}

/**
 * Clash warnings for the control desk, from the day's published matches: players in two matches
 * at once, and (when the event takes attendance) players due on court who are not checked in.
 */
export function ClashesView({ entry }: { entry: DayEntry }) {
  const { attendance: lists, clashes: warnings, day } = useConsole();
  const { people, peopleProblems, readingPeople, refreshAttendance, stopAttendance, watchAttendance } = lists;
  const { feed } = day;
  const all = useSignal(false);
  const attendance = entry.event.attendance !== undefined;
  useEffect(() => {
    if (!attendance) return;
    watchAttendance(entry);
    return stopAttendance;
  }, [entry.dayKey, attendance]);
  const snapshot = feed.value?.snapshot;
  if (snapshot === undefined) {
    return (
      <section class="panel">
        <p>
          {feed.value?.unpublished
            ? "This day has not been published yet: sync it first."
            : "Reading the day…"}
        </p>
      </section>
    );
  }
  const found = warnings.clashes.value;
  const absent = attendance ? warnings.absent.value : [];
  const slots = byStartTime(absent);
  const shownSlots = all.value ? slots : slots.slice(0, FIRST_SLOTS);
  return (
    <div class="panels">
      <section class="panel" aria-labelledby="overlap-heading">
        <h2 id="overlap-heading">Players in two matches at once</h2>
        <p class="hint">
          Matches without a result whose times overlap, at different courts or facilities. A match is taken to
          hold its court until the next match there starts, at most 30 minutes.
        </p>
        {found.length === 0 ? (
          <p>No clashes: no player is due in two places at once.</p>
        ) : (
          <ul class="warnings">
            {found.map((clash) => (
              <li key={clash.player}>
                <strong>{clash.player}</strong>
                <ul>
                  {clash.matches.map((m) => (
                    <li key={`${m.facility}-${m.match.matchNumber}`}>{where(m)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
      {attendance && (
        <section class="panel" aria-labelledby="absent-heading">
          <h2 id="absent-heading">Players not checked in</h2>
          <p class="hint">
            Players of matches without a result who are not marked present at their facility's desk, earliest
            first, so the control desk can call them.
          </p>
          <button type="button" disabled={readingPeople.value} onClick={refreshAttendance}>
            {readingPeople.value ? "Reading the attendance lists…" : "Read the attendance lists again"}
          </button>
          {[...peopleProblems.value].map(([facility, problem]) => (
            <p class="notice warn" key={facility}>
              {facility}: {problem}
            </p>
          ))}
          {absent.length === 0 ? (
            <p>
              {people.value.size === 0
                ? "Reading the attendance lists…"
                : "Everyone due on court is checked in."}
            </p>
          ) : (
            shownSlots.map((slot) => (
              <div class="slot" key={`${slot[0]?.scheduled.date} ${slot[0]?.scheduled.match.time}`}>
                <h3>{slot[0]?.scheduled.match.time}</h3>
                <ul class="warnings">
                  {slot.map(({ scheduled, players }) => (
                    <li key={`${scheduled.facility}-${scheduled.match.matchNumber}`}>
                      <strong>
                        Match {scheduled.match.matchNumber}, {scheduled.match.court || "no court"},{" "}
                        {scheduled.facility}:
                      </strong>{" "}
                      {players.map((p, i) => (
                        <span key={p.name}>
                          {i > 0 && ", "}
                          {p.name}
                          {!p.listed && " (not on the attendance list)"}
                        </span>
                      ))}
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
          {slots.length > FIRST_SLOTS && (
            <button
              type="button"
              aria-expanded={all.value}
              onClick={() => {
                all.value = !all.value;
              }}
            >
              {all.value
                ? `Show the first ${FIRST_SLOTS} start times only`
                : `Show all ${slots.length} start times`}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
