import { usePublic } from "../context.ts";
import { followedCard } from "../followed-card.ts";
import { queryOf } from "../place.ts";
import "./players.css";

/**
 * The players this phone follows who play in this event, at the top of the day: each with what
 * is on for them that day (followed-card.ts), a tap away from their page; and the offer to notify.
 */
export function MyPlayers() {
  const { dayEntry, follows, heading, live, now, openPlayer, place, players } = usePublic();
  const entry = dayEntry.value;
  const here = follows.followed.value.flatMap(({ key }) => {
    const player = players.player(key);
    return player === undefined ? [] : [player];
  });
  if (here.length === 0 || entry === undefined) return null;
  const day = { key: entry.dayKey, label: heading.value?.label ?? entry.day.label };
  return (
    <section class="my-players" aria-labelledby="my-players">
      <h2 id="my-players">My players</h2>
      <ul>
        {here.map((player) => {
          const card = followedCard(player, day, now.value, entry.event.display, live.points.value);
          return (
            <li key={player.key} class={card.onCourt ? "on-court" : undefined}>
              <a
                href={queryOf({ ...place.value, player: player.key })}
                onClick={(event) => {
                  event.preventDefault();
                  openPlayer(player.key);
                }}
              >
                <span class="name">{player.name}</span>
                <span class="next">{card.next}</span>
                {card.live && <span class="live-score figures">{card.live}</span>}
                {card.record && <span class="record">{card.record}</span>}
              </a>
            </li>
          );
        })}
      </ul>
      <Alerts />
    </section>
  );
}

/** The offer to notify, or what the browser answered. */
function Alerts() {
  const { follows } = usePublic();
  const answer = follows.alerts.value;
  if (answer === "unsupported") return null;
  if (answer === "granted")
    return (
      <p class="alerts">While this page is open, you are notified when they go on court or get a score.</p>
    );
  if (answer === "denied")
    return <p class="alerts">Notifications are blocked for this page in the browser's settings.</p>;
  return (
    <button type="button" class="alerts" onClick={() => void follows.allowAlerts()}>
      Notify me when they play
    </button>
  );
}
