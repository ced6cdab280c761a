import { csvTable } from "../../lib/csv.ts";
import { categoryLabel, categoryRank, clubLabel, pairLabel, teamColour } from "../../lib/data/labels.ts";
import type { Event } from "../../lib/data/registry.ts";

/** Short headings for the standings columns every workbook template has; others keep their name. */
const SHORT: Record<string, string> = {
  played: "P",
  won: "W",
  lost: "L",
  "points for": "PF",
  "points against": "PA",
};
/** Columns used for grouping and naming rows rather than shown as figures. */
const HIDDEN = new Set(["category", "team code"]);

/**
 * The facility's standings (its `STANDINGSCSV` tab as published), one table per category in the
 * display order of `display.events` and `display.divisions`. A table wider than the phone scrolls
 * sideways on its own, with the keyboard too.
 */
export function Standings({ csv, event }: { csv: string; event: Event }) {
  const table = csvTable(csv);
  if (table.rows.length === 0) return <p>No standings yet.</p>;
  const category = table.column("category");
  const code = table.column("team code");
  const groups = new Map<string, string[][]>();
  for (const row of table.rows) {
    const key = category >= 0 ? (row[category] ?? "").trim() : "";
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const ordered = [...groups].sort(
    ([a], [b]) => categoryRank(event.display, a) - categoryRank(event.display, b),
  );
  const columns = table.header
    .map((name, index) => ({ name: name.trim(), index }))
    .filter(({ name }) => !HIDDEN.has(name.toLowerCase()));
  return (
    <div class="standings">
      {ordered.map(([key, rows]) => {
        const title = key === "" ? "Standings" : heading(event, key);
        const colour = event.type === "team" ? teamColour(event.display, key) : undefined;
        return (
          <section key={key}>
            <h3 class="group">
              {colour && <span class="swatch" style={{ background: colour }} aria-hidden="true" />}
              {title}
            </h3>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the phone scrolls, and must be reachable by keyboard to scroll (WCAG 2.1.1). */}
            <section class="scroll" tabIndex={0} aria-label={`${title} standings`}>
              <table>
                <thead>
                  <tr>
                    {columns.map(({ name, index }) => {
                      const short = SHORT[name.toLowerCase()];
                      return (
                        <th key={index} scope="col">
                          {short ? <abbr title={name}>{short}</abbr> : name}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, r) => (
                    <tr key={r}>
                      {columns.map(({ index }, c) =>
                        c === 0 ? (
                          <th key={index} scope="row">
                            {event.type === "team" && code >= 0 && (
                              <span class="pair-tag">
                                {pairLabel(event.display, row[code] ?? "")?.short}{" "}
                              </span>
                            )}
                            {row[index]}
                          </th>
                        ) : (
                          <td key={index} class="figures">
                            {row[index]}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </section>
        );
      })}
    </div>
  );
}

function heading(event: Event, key: string): string {
  return event.type === "team" ? clubLabel(event.display, key) : categoryLabel(event.display, key);
}
