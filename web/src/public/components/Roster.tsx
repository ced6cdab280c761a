import { csvTable } from "../../lib/csv.ts";
import { clubLabel, pairLabel, teamColour, teamOf } from "../../lib/data/labels.ts";
import type { Event } from "../../lib/data/registry.ts";

/** A team event's teams (its roster tab as published): each team in its colour, its pairs by label. */
export function Roster({ csv, event }: { csv: string; event: Event }) {
  const table = csvTable(csv);
  const code = table.column("team code");
  const team = table.column("team");
  const pair = table.column("pair");
  const player = table.column("player");
  if (table.rows.length === 0 || code < 0) return <p>No teams are published yet.</p>;
  const teams = new Map<string, string[][]>();
  for (const row of table.rows) {
    const key = (team >= 0 ? row[team]?.trim() : "") || teamOf(row[code] ?? "");
    teams.set(key, [...(teams.get(key) ?? []), row]);
  }
  return (
    <div class="roster">
      {[...teams].map(([key, rows]) => {
        const colour = teamColour(event.display, key);
        return (
          <section key={key}>
            <h3 class="group">
              {colour && <span class="swatch" style={{ background: colour }} aria-hidden="true" />}
              {clubLabel(event.display, key)}
            </h3>
            <dl>
              {rows.map((row) => {
                const label = pairLabel(event.display, row[code] ?? "")?.full ?? (pair >= 0 ? row[pair] : "");
                return (
                  <div key={row[code]} class="pair">
                    <dt>{label || row[code]}</dt>
                    <dd>{player >= 0 ? row[player] : ""}</dd>
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
