import { useEffect, useState } from "preact/hooks";

/**
 * Whether a CSS media query matches, following it as the screen changes (a phone turned, a
 * window resized).
 * @example const wide = useMedia("(min-width: 64rem)");
 */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const changed = (event: MediaQueryListEvent) => setMatches(event.matches);
    setMatches(list.matches);
    list.addEventListener("change", changed);
    return () => list.removeEventListener("change", changed);
  }, [query]);
  return matches;
}
