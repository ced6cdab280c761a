import type { PrintableFacility, ScoresheetChoice } from "../../store/scoresheets.ts";

/** Matches from a CSV file: the file, and the facility its rows are played in when it names none. */
export function UploadSource(props: {
  halls: readonly PrintableFacility[];
  facility: string | undefined;
  set(change: Partial<ScoresheetChoice>): void;
}) {
  const { halls, facility, set } = props;
  return (
    <div class="conditional">
      <label for="sheets-file">CSV file</label>
      <p class="hint" id="sheets-file-hint">
        Columns by header name: matchNumber (required), date, time, court, category, round, teamCode1, team1,
        teamCode2, team2, referee.
      </p>
      <input
        id="sheets-file"
        type="file"
        accept=".csv,text/csv"
        aria-describedby="sheets-file-hint"
        onChange={(e) => set({ file: (e.currentTarget as HTMLInputElement).files?.[0] })}
      />
      <label for="sheets-file-facility">Facility these matches are played in</label>
      <p class="hint" id="sheets-file-facility-hint">
        Each sheet's QR code names it. A file with a facility column (the day's merged CSV) says it itself; a
        hall's own CSV tab does not.
      </p>
      <select
        id="sheets-file-facility"
        aria-describedby="sheets-file-facility-hint"
        value={facility ?? ""}
        onChange={(e) => {
          const value = (e.currentTarget as HTMLSelectElement).value;
          set({ facility: value === "" ? undefined : value });
        }}
      >
        <option value="">As the file says (its facility column)</option>
        {halls.map((hall) => (
          <option key={hall.name} value={hall.name}>
            {hall.name}
          </option>
        ))}
      </select>
    </div>
  );
}
