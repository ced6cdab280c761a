import { categoryLabel, clubLabel, teamColour } from "../../lib/data/labels.ts";
import type { Event } from "../../lib/data/registry.ts";
import { COLUMN_ABBREVIATIONS, pointDifference } from "../../lib/data/standings.ts";
import { rowNames, type Screen } from "../screens.ts";

type StandingsScreenData = Extract<Screen, { kind: "standings" }>;
type TeamsScreenData = Extract<Screen, { kind: "teams" }>;

/**
 * The figures a TV shows of a standings row, in this order, when the tab has them: the point
 * difference the ranking reads in place of points for and against, so the names keep their room.
 */
const SHOWN = ["played", "won", "lost"];
const POINTS = ["points for", "points against"];

/** The lines a screen's tables take, as `--lines` for the type to fill the screen's height (display.css). */
const lines = (count: number) => ({ "--lines": String(count) });

/** Ranked standings tables, in columns, their rows as tall as the screen allows. */
export function StandingsScreen({ screen, event }: { screen: StandingsScreenData; event: Event }) {
  const { table } = screen;
  const difference = table.ranked && table.difference;
  const figures = [...SHOWN, ...(difference ? [] : POINTS)]
    .map((column) => ({ column, index: table.column(column) }))
    .filter(({ index }) => index >= 0);
  return (
    <section class="tv-standings" aria-labelledby="tv-standings">
      <h2 id="tv-standings">Standings</h2>
      <div class="tv-columns" style={lines(screen.lines)}>
        {screen.columns.map((column, c) => (
          <div key={c}>
            {column.map((group) => {
              const title = group.category ? categoryLabel(event.display, group.category) : "Standings";
              return (
                <table key={`${group.category}-${group.rows[0]?.rank}`}>
                  <caption>{title}</caption>
                  <thead>
                    <tr>
                      {table.ranked && (
                        <th scope="col">
                          <abbr title="Rank">#</abbr>
                        </th>
                      )}
                      <th scope="col" class="who">
                        Player
                      </th>
                      {figures.map(({ column }) => (
                        <th key={column} scope="col">
                          <abbr title={column}>{COLUMN_ABBREVIATIONS[column]}</abbr>
                        </th>
                      ))}
                      {difference && (
                        <th scope="col" class="difference">
                          <abbr title="Point difference">+/−</abbr>
                        </th>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {group.rows.map((row, r) => (
                      <tr key={r} style={{ "--row-lines": String(rowNames(table, row).length) }}>
                        {table.ranked && (
                          <td class="figures">
                            {row.shared ? "=" : ""}
                            {row.rank}
                          </td>
                        )}
                        <th scope="row" class="who">
                          {rowNames(table, row).map((player, p) => (
                            <span key={p} class="name">
                              {player}
                            </span>
                          ))}
                        </th>
                        {figures.map(({ column, index }) => (
                          <td key={column} class="figures">
                            {row.cells[index]}
                          </td>
                        ))}
                        {difference && <td class="figures difference">{pointDifference(row)}</td>}
                      </tr>
                    ))}
                  </tbody>
                </table>
              );
            })}
          </div>
        ))}
      </div>
      {table.ranked && (
        <p class="tv-legend">
          Ranked by matches won; two tied by their match; three or more by point difference (+/−), then points
          for.
        </p>
      )}
    </section>
  );
}

/** A team event's table of teams. */
export function TeamsScreen({ screen, event }: { screen: TeamsScreenData; event: Event }) {
  const games = event.teamScoring === "games";
  return (
    <section class="tv-standings" aria-labelledby="tv-teams">
      <h2 id="tv-teams">Teams</h2>
      <div class="tv-columns single" style={lines(1 + screen.lines.length)}>
        <table class="tv-teams">
          <thead>
            <tr>
              <th scope="col">
                <abbr title="Rank">#</abbr>
              </th>
              <th scope="col" class="who">
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
              <th scope="col" class="total">
                {games ? "Matches won" : "Points"}
              </th>
            </tr>
          </thead>
          <tbody>
            {screen.lines.map((line) => {
              const colour = teamColour(event.display, line.team);
              return (
                <tr key={line.team}>
                  <td class="figures">
                    {line.shared ? "=" : ""}
                    {line.rank}
                  </td>
                  <th scope="row" class="who">
                    <span class="name">
                      {colour && <span class="swatch" style={{ background: colour }} aria-hidden="true" />}
                      {clubLabel(event.display, line.team)}
                    </span>
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
      </div>
    </section>
  );
}
