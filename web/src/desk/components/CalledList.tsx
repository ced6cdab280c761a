import { manilaTime } from "../../lib/manila-time.ts";
import type { CalledPlayer } from "../called.ts";
import { useDesk } from "../context.ts";

/**
 * "Called to court": the matches of the desk's hall the control desk has called and whose players
 * have not started yet, the latest first, each player marked checked in or not, so the desk can
 * send them. Nothing while no one waits.
 */
export function CalledList() {
  const { called } = useDesk();
  const list = called.value;
  if (list.length === 0) return null;
  return (
    <section class="called" aria-labelledby="called-heading">
      <h2 id="called-heading">Called to court</h2>
      <ul>
        {list.map((match) => (
          <li key={match.matchNumber}>
            <p class="called-where">
              <strong>{match.court}</strong> · match {match.matchNumber}
              {match.calledAt !== undefined && (
                <span class="called-at figures"> · called {manilaTime(match.calledAt)}</span>
              )}
            </p>
            <p class="called-players">
              <Side players={match.sides[0]} /> <span class="versus">v</span>{" "}
              <Side players={match.sides[1]} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Side({ players }: { players: CalledPlayer[] }) {
  return (
    <>
      {players.map((player, i) => (
        <span key={player.name}>
          {i > 0 && " / "}
          <span class={player.present === false ? "called-name away" : "called-name"}>{player.name}</span>
          {player.present === false && <span class="called-state"> (not checked in)</span>}
        </span>
      ))}
    </>
  );
}
