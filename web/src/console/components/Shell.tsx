import type { ComponentChildren } from "preact";
import { manilaClock } from "../../lib/manila-time.ts";
import { Shell as PageShell } from "../../lib/ui/Shell.tsx";
import { useConsole } from "../context.ts";

/** The console's frame: the shared page frame, its bar holding the session and sign-out. */
export function Shell({ children }: { children: ComponentChildren }) {
  const { app, session: sessions } = useConsole();
  const { session, signingOut, endSession } = sessions;
  const current = session.value;
  const bar = current && (
    <div class="session">
      <span class="figures">Signed in until {manilaClock(current.expiresAt, app.now.value)}</span>
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
