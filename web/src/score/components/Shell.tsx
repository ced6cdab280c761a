import type { ComponentChildren } from "preact";
import { Shell } from "../../lib/ui/Shell.tsx";

/** The score page's frame: its name leads back to the day's matches. */
export function ScoreShell({ children }: { children: ComponentChildren }) {
  return (
    <Shell site="Score entry" home="./" skip="Skip to the matches">
      {children}
    </Shell>
  );
}
