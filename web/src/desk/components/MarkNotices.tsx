import { useDesk } from "../context.ts";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What happened to the desk's marks that did not simply land: refused ones (rolled back, with the
 * reason), marks waiting for the connection, and marks the link can no longer send (kept visible).
 */
export function MarkNotices() {
  const { discardHeldMarks, dismissRefusals, heldBecause, pendingMarks, refusals } = useDesk();
  const marks = pendingMarks.value;
  const held = heldBecause.value;
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
      {held !== undefined && marks.length > 0 && (
        <div class="notice error" role="alert">
          <p>{held}</p>
          <p>
            {plural(marks.length, "mark was", "marks were")} not sent:{" "}
            {marks.map((m) => `${m.player} (${m.present ? "present" : "not present"})`).join(", ")}. They stay
            on this phone and are sent when a new desk link for this day is opened here.
          </p>
          <div class="actions">
            <button type="button" class="warning" onClick={discardHeldMarks}>
              Forget these marks
            </button>
          </div>
        </div>
      )}
      {held === undefined && waiting.length > 0 && (
        <p class="notice warn" role="status">
          {plural(waiting.length, "mark is", "marks are")} waiting for the connection. They are kept on this
          phone and sent when it returns.
        </p>
      )}
    </>
  );
}
