import type { ComponentChildren } from "preact";
import { manilaTime } from "../../lib/manila-time.ts";
import { Shell as PageShell } from "../../lib/ui/Shell.tsx";
import { dayEntry, failure, place, registry } from "../store/app.ts";
import { endSession, session, signingOut } from "../store/session.ts";
import { DayPicker } from "./DayPicker.tsx";
import { DayScreen } from "./DayScreen.tsx";
import { SignIn } from "./SignIn.tsx";

/** The console's frame: the shared page frame, its bar holding the session and sign-out. */
export function Shell({ children }: { children: ComponentChildren }) {
  const current = session.value;
  const bar = current && (
    <div class="session">
      <span class="figures">Signed in until {manilaTime(current.expiresAt)}</span>
      <button type="button" class="on-accent" disabled={signingOut.value} onClick={() => void endSession()}>
        {signingOut.value ? "Signing out…" : "Sign out"}
      </button>
    </div>
  );
  return (
    <PageShell site="Operator console" home="./" skip="Skip to the console" bar={bar}>
      {children}
    </PageShell>
  );
}

export function App() {
  if (failure.value !== undefined) {
    return (
      <Shell>
        <p class="notice warn" role="alert">
          {failure.value}
        </p>
      </Shell>
    );
  }
  if (session.value === undefined) return <SignIn />;
  if (registry.value === undefined) {
    return (
      <Shell>
        <p aria-busy="true">Loading…</p>
      </Shell>
    );
  }
  if (place.value.day === undefined) return <DayPicker />;
  const entry = dayEntry.value;
  if (entry === undefined) {
    return (
      <Shell>
        <h1>This day is not in the tournament's list</h1>
        <p>
          It may have been renamed or removed from the registry. <a href="./">Choose another day</a>.
        </p>
      </Shell>
    );
  }
  return <DayScreen entry={entry} />;
}
