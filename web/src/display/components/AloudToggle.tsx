import { useDisplay } from "../context.ts";

/**
 * The "Calls aloud" toggle at the foot of the display (off by default, kept on the TV), or, after
 * a reload where the browser waits for a tap before it speaks, the button that gives it that tap.
 */
export function AloudToggle() {
  const { aloud } = useDisplay();
  const state = aloud.state.value;
  if (state === "unsupported") return null;
  if (state === "needs-tap")
    return (
      <button type="button" class="aloud tap" onClick={aloud.tapped}>
        Tap to read calls aloud
      </button>
    );
  return (
    <button type="button" class="aloud" aria-pressed={state === "on"} onClick={aloud.toggle}>
      Calls aloud: {state === "on" ? "on" : "off"}
    </button>
  );
}
