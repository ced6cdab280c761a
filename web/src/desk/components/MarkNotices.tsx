import { useRef } from "preact/hooks";
import { dayLabel } from "../../lib/manila-time.ts";
import { CopyButton } from "../../lib/ui/CopyButton.tsx";
import { useDesk } from "../context.ts";
import { handOverText, markLine } from "../hand-over.ts";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What happened to the desk's marks that did not simply land: refused ones (rolled back, with the
 * reason), marks waiting for the connection, and marks the link can no longer send, offered for
 * hand-over to the control desk (a list to show, or to copy into a message).
 */
export function MarkNotices() {
  const { dismissRefusals, heldBecause, pendingMarks, refusals } = useDesk();
  const marks = pendingMarks.value;
  const waiting = marks.filter((m) => m.state === "waiting");
  return (
    <>
      {refusals.value.length > 0 && (
        <div class="notice error" role="alert">
          {refusals.value.map((text) => (
            <p key={text}>{text}</p>
          ))}
          <div class="actions">
            <button type="button" onClick={dismissRefusals}>
              OK
            </button>
          </div>
        </div>
      )}
      {heldBecause.value !== undefined && marks.length > 0 && <HandOver />}
      {heldBecause.value === undefined && waiting.length > 0 && (
        <p class="notice warn" role="status">
          {plural(waiting.length, "mark is", "marks are")} waiting for the connection. They are kept on this
          phone and sent when it returns.
        </p>
      )}
    </>
  );
}

/** The marks the link could not send: the list to show or copy to the control desk, and a way to forget them. */
function HandOver() {
  const { dayEntry, discardHeldMarks, link, now, pendingMarks } = useDesk();
  const list = useRef<HTMLUListElement>(null);
  const marks = pendingMarks.value;
  const entry = dayEntry.value;
  const desk = link.value;
  if (desk === undefined || entry === undefined) return null;
  const day = entry.day.date ? dayLabel(entry.day.date) : entry.day.label;
  return (
    <section class="notice warn hand-over" aria-labelledby="hand-over-title">
      <h2 id="hand-over-title">{plural(marks.length, "mark was", "marks were")} not sent</h2>
      <p>
        Show this list to the control desk, or copy it to them, so they can enter these marks. They also stay
        on this phone, and are sent if a new desk link for this day is opened here.
      </p>
      <ul ref={list}>
        {marks.map((mark) => (
          <li key={mark.id}>{markLine(mark, now.value)}</li>
        ))}
      </ul>
      <div class="actions">
        <CopyButton
          text={handOverText(marks, desk, day, now.value)}
          label="Copy the list"
          fallback={() => list.current}
        />
        <button type="button" class="warning" onClick={discardHeldMarks}>
          Forget these marks
        </button>
      </div>
    </section>
  );
}
