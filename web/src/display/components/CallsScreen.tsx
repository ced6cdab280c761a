import { useDisplay } from "../context.ts";
import { callWords, type HallCall } from "../hall-calls.ts";

/**
 * The calls up now, large, over the rotation (which goes on under them): the court and match,
 * the players' surnames, and where to come; a second call says so. Said to screen readers too.
 */
export function CallsScreen({ calls }: { calls: HallCall[] }) {
  const { place } = useDisplay();
  return (
    <section class={calls.length > 1 ? "tv-calls two" : "tv-calls"} aria-labelledby="tv-calls">
      <h2 id="tv-calls" class="visually-hidden">
        Calls to courts
      </h2>
      <ul aria-live="assertive">
        {calls.map((call) => {
          const words = callWords(call, place.facility === undefined);
          return (
            <li key={call.key} class={call.second ? "tv-call second" : "tv-call"}>
              <p class="call-kind">{call.second ? "Second call" : "Call"}</p>
              <p class="call-heading">{words.heading}</p>
              <p class="call-players">{words.players}</p>
              <p class="call-come">{words.come}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
