import { useConsole } from "../context.ts";
import { DayPicker } from "./DayPicker.tsx";
import { DayScreen } from "./DayScreen.tsx";
import { Shell } from "./Shell.tsx";
import { SignIn } from "./SignIn.tsx";

export function App() {
  const { app, session } = useConsole();
  const { dayEntry, failure, place, registry } = app;
  if (failure.value !== undefined) {
    return (
      <Shell>
        <p class="notice warn" role="alert">
          {failure.value}
        </p>
      </Shell>
    );
  }
  if (session.session.value === undefined) return <SignIn />;
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
