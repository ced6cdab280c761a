import { categoryLabel, clubLabel, pairLabel, teamColour } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import type { Event } from "../../lib/data/registry.ts";
import {
  COLUMN_ABBREVIATIONS,
  pointDifference,
  type StandingRow,
  standings,
  TIEBREAK_RULE,
} from "../../lib/data/standings.ts";
import { Scroll } from "./Scroll.tsx";
import { TeamTable } from "./TeamTable.tsx";

/** Columns used for grouping and naming rows rather than shown as figures. */
const HIDDEN = new Set(["category", "team code"]);

/**
 * The facility's standings (its `STANDINGSCSV` tab as published), one table per category in the
 * display order of `display.events` and `display.divisions`, each ranked by the written rule
 * (`lib/data/standings.ts`, shown as the legend below them). A team event gets its table of
 * teams first, then each team's pairs. A table wider than the phone scrolls sideways on its own,
 * with the keyboard too.
 */
export function Standings({ csv, matches, event }: { csv: string; matches: Match[]; event: Event }) {
  const team = event.type === "team";
  const table = standings(csv, matches, event.display, { ranked: !team });
  if (table.groups.length === 0 && !team) {
    return (
      <p>
        {table.drawn.length > 0
          ? "This hall plays knockouts only: each category's draw is under Draw."
          : "No standings yet."}
      </p>
    );
  }
  const columns = table.header
    .map((name, index) => ({ name: name.trim(), index }))
    .filter(({ name }) => !HIDDEN.has(name.toLowerCase()));
  const against = columns.findIndex(({ name }) => name.toLowerCase() === "points against");
  const difference = table.ranked && table.difference;
  const code = table.column("team code");
  return (
    <div class="standings">
      {team && <TeamTable matches={matches} event={event} />}
      {table.groups.map(({ category, rows }) => {
        const title =
          category === ""
            ? "Standings"
            : team
              ? clubLabel(event.display, category)
              : categoryLabel(event.display, category);
        const colour = team ? teamColour(event.display, category) : undefined;
        const figures = (row: StandingRow) =>
          columns.slice(1).map(({ index }, c) => [
            <td key={index} class="figures">
              {row.cells[index]}
            </td>,
            difference && c + 1 === against ? (
              <td key="difference" class="figures">
                {pointDifference(row)}
              </td>
            ) : null,
          ]);
        return (
          <section key={category}>
            <h3 class="group">
              {colour && <span class="swatch" style={{ background: colour }} aria-hidden="true" />}
              {title}
            </h3>
            <Scroll label={`${title} standings`}>
              <table>
                <thead>
                  <tr>
                    {table.ranked && (
                      <th scope="col" class="rank">
                        <abbr title="Rank">#</abbr>
                      </th>
                    )}
                    {columns.map(({ name, index }, c) => {
                      const short = COLUMN_ABBREVIATIONS[name.toLowerCase()];
                      return [
                        <th key={index} scope="col" class={c === 0 ? "name" : undefined}>
                          {short ? <abbr title={name}>{short}</abbr> : name}
                        </th>,
                        difference && c === against ? (
                          <th key="difference" scope="col">
                            <abbr title="Point difference">+/−</abbr>
                          </th>
                        ) : null,
                      ];
                    })}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, r) => (
                    <tr key={r}>
                      {table.ranked && (
                        <td class="rank figures">
                          {row.shared && <span aria-hidden="true">=</span>}
                          {row.rank}
                          {row.shared && <span class="visually-hidden"> (tied)</span>}
                        </td>
                      )}
                      <th scope="row">
                        {team && code >= 0 && (
                          <span class="pair-tag">{pairLabel(event.display, row.code)?.short} </span>
                        )}
                        {row.cells[columns[0]?.index ?? 0]}
                      </th>
                      {figures(row)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </Scroll>
          </section>
        );
      })}
      {table.ranked && <Legend difference={difference} />}
    </div>
  );
}

/** How the tables are ranked, and what their abbreviations mean. */
function Legend({ difference }: { difference: boolean }) {
  return (
    <aside class="legend" aria-labelledby="standings-legend">
      <h3 id="standings-legend">How the tables are ranked</h3>
      <ol>
        {TIEBREAK_RULE.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        P played · W won · L lost · PF points for · PA points against
        {difference && " · +/− point difference (PF − PA)"}
      </p>
    </aside>
  );
}
