import type { ComponentChildren } from "preact";
import { Shell as PageShell } from "../../lib/ui/Shell.tsx";

/** The page frame: a skip link, the site name linking to the event list, and the main content. */
export function Shell({ children }: { children: ComponentChildren }) {
  return (
    <PageShell site="Tournament results" home="./" skip="Skip to results">
      {children}
    </PageShell>
  );
}
