import { usePublic } from "../context.ts";

/**
 * Says the scores that just arrived to screen readers, politely (after what they are reading). It
 * is always in the page, empty until a score arrives, and takes no room on screen.
 */
export function ScoreAnnouncer() {
  const { fresh } = usePublic();
  return (
    <div class="visually-hidden" aria-live="polite">
      {fresh.said.value}
    </div>
  );
}
