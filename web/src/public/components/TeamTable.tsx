import { clubLabel, teamColour } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import type { Event } from "../../lib/data/registry.ts";
import { teamTable } from "../../lib/data/ties.ts";
import { Scroll } from "./Scroll.tsx";

/**
 * A team event's table of teams (`lib/data/ties.ts`): ties played, won, drawn and lost, and the
 * event's `teamScoring` total, ranked by ties won, then that total.
 */
export function TeamTable({ matches, event }: { matches: Match[]; event: Event }) {
  const lines = teamTable(matches, event.teamScoring);
  if (lines.length === 0) return null;
  const games = event.teamScoring === "games";
  const total = games ? { short: "MW", long: "Matches won" } : { short: "Pts", long: "Points scored" };
  return (
    <section>
      <h3 class="group">Teams</h3>
      <Scroll label="Teams standings">
        <table>
          <thead>
            <tr>
              <th scope="col" class="rank">
                <abbr title="Rank">#</abbr>
              </th>
              <th scope="col" class="name">
                Team
              </th>
              <th scope="col">
                <abbr title="Ties played">P</abbr>
              </th>
              <th scope="col">
                <abbr title="Ties won">W</abbr>
              </th>
              <th scope="col">
                <abbr title="Ties drawn">D</abbr>
              </th>
              <th scope="col">
                <abbr title="Ties lost">L</abbr>
              </th>
              <th scope="col">
                <abbr title={total.long}>{total.short}</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const colour = teamColour(event.display, line.team);
              return (
                <tr key={line.team}>
                  <td class="rank figures">
                    {line.shared && <span aria-hidden="true">=</span>}
                    {line.rank}
                    {line.shared && <span class="visually-hidden"> (tied)</span>}
                  </td>
                  <th scope="row">
                    {colour && <span class="swatch" style={{ background: colour }} aria-hidden="true" />}
                    {clubLabel(event.display, line.team)}
                  </th>
                  {[line.played, line.won, line.drawn, line.lost, line.score].map((figure, i) => (
                    <td key={i} class="figures">
                      {figure}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </Scroll>
      <p class="legend-line">
        Ranked by ties won, then {total.long.toLowerCase()}. A tie counts once all its matches have a result.
        P played · W won · D drawn · L lost · {total.short} {total.long.toLowerCase()} (
        {games ? "matches each team won" : "points each team scored"}, over every match with a result).
      </p>
    </section>
  );
}
