/**
 * The display's "Calls aloud" toggle: off by default, kept on the TV (a reload keeps it), and the
 * browser's speech synthesis reading each call that goes up. A browser that speaks only after a
 * tap (Chrome, after a reload) says so: the display asks for that tap ("Tap to read calls aloud")
 * and reads nothing meanwhile.
 */
import { type ReadonlySignal, signal } from "@preact/signals";
import type { PageEnvironment } from "../lib/environment.ts";

export const CALLS_ALOUD_KEY = "tournament-ops.display.calls-aloud";

/** `off`; `on`; `needs-tap`: on, but the browser waits for a tap on the page before it speaks. */
export type AloudState = "off" | "on" | "needs-tap" | "unsupported";

export interface CallsAloud {
  state: ReadonlySignal<AloudState>;
  /** The toggle (a tap, so the browser lets the page speak from then on). */
  toggle(): void;
  /** The tap the browser asked for: speaks from now on. */
  tapped(): void;
  /** Reads `text` aloud when the toggle is on and the browser lets the page speak. */
  say(text: string): void;
}

export function callsAloud(env: Pick<PageEnvironment, "storage" | "speech">): CallsAloud {
  const speech = env.speech;
  const kept = () => {
    try {
      return env.storage?.getItem(CALLS_ALOUD_KEY) === "on";
    } catch {
      return false;
    }
  };
  const stateOf = (on: boolean): AloudState =>
    speech === undefined ? "unsupported" : !on ? "off" : speech.needsGesture() ? "needs-tap" : "on";
  const state = signal<AloudState>(stateOf(kept()));
  const keep = (on: boolean) => {
    try {
      env.storage?.setItem(CALLS_ALOUD_KEY, on ? "on" : "off");
    } catch {
      // A refused storage: on for this visit only.
    }
  };
  return {
    state,
    toggle() {
      if (speech === undefined) return;
      const on = state.peek() === "off";
      keep(on);
      // The tap that turned it on is the gesture the browser waits for.
      state.value = on ? "on" : "off";
    },
    tapped() {
      if (state.peek() === "needs-tap") state.value = "on";
    },
    say(text) {
      if (state.peek() === "needs-tap" && speech?.needsGesture() === false) state.value = "on";
      if (state.peek() === "on") speech?.speak(text);
    },
  };
}
