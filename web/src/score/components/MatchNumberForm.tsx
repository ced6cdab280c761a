import { useState } from "preact/hooks";
import { useScore } from "../context.ts";

/** Straight to a match by its number (the scoresheet's big number), for a sheet without a QR code. */
export function MatchNumberForm({ facility }: { facility: string }) {
  const { go } = useScore();
  const [number, setNumber] = useState("");
  return (
    <form
      class="match-number"
      onSubmit={(event) => {
        event.preventDefault();
        if (number.trim() !== "") go({ facility, match: number.trim() });
      }}
    >
      <label for="match-number">Match number</label>
      <div class="inline">
        <input
          id="match-number"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={number}
          onInput={(event) => setNumber(event.currentTarget.value)}
        />
        <button type="submit">Open</button>
      </div>
    </form>
  );
}
