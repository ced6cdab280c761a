/**
 * The frame every page shares: a skip link to the main content, the page's name in a bar at the
 * top (a link home), and the main content.
 */
import type { ComponentChildren } from "preact";
import "./shell.css";

export interface ShellProps {
  /** The page's name in the top bar. */
  site: string;
  /** Where the name leads (the page's start). */
  home: string;
  /** The skip link's words ("Skip to results"). */
  skip: string;
  /** What else the bar holds, at its end (the console's session and sign-out). */
  bar?: ComponentChildren;
  children: ComponentChildren;
}

export function Shell({ site, home, skip, bar, children }: ShellProps) {
  return (
    <>
      <a class="skip" href="#main">
        {skip}
      </a>
      <header class="site">
        <a href={home}>{site}</a>
        {bar}
      </header>
      <main id="main">{children}</main>
    </>
  );
}
