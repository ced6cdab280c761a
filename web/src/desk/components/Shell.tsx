import type { ComponentChildren } from "preact";
import { Shell } from "../../lib/ui/Shell.tsx";

/** The desk page's frame: its name leads back to the desk link's start. */
export function DeskShell({ children }: { children: ComponentChildren }) {
  return (
    <Shell site="Check-in desk" home={`./${location.hash}`} skip="Skip to the list">
      {children}
    </Shell>
  );
}
