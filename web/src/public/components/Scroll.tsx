import type { ComponentChildren } from "preact";

/** A table wider than the phone scrolls sideways, and must be reachable by keyboard to scroll. */
export function Scroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the phone scrolls, and must be reachable by keyboard to scroll (WCAG 2.1.1).
    <section class="scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
