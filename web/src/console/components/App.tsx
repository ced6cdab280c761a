import type { ComponentChildren } from "preact";
import { manilaTime } from "../../lib/manila-time.ts";
import { dayEntry, failure, place, registry } from "../store/app.ts";
import { session, signOut } from "../store/session.ts";
import { DayPicker } from "./DayPicker.tsx";
import { DayScreen } from "./DayScreen.tsx";
import { SignIn } from "./SignIn.tsx";

/** The console's frame: a skip link, the site bar with the session and sign-out, the main content. */
export function Shell({ children }: { children: ComponentChildren }) {
  const current = session.value;
  return (
    <>
      <a class="skip" href="#main">
        Skip to the console
      </a>
      <header class="site console-bar">
        <a href="./">Operator console</a>
        {current && (
          <div class="session">
            <span class="figures">Signed in until {manilaTime(current.expiresAt)}</span>
            <button type="button" class="on-accent" onClick={() => signOut("You signed out.")}>
              Sign out
            </button>
          </div>
        )}
      </header>
      <main id="main">{children}</main>
    </>
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
