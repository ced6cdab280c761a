import { LinkPrompt } from "../../lib/ui/LinkPrompt.tsx";
import { useScore } from "../context.ts";
import { ScoreShell } from "./Shell.tsx";

/** No scorer link on this phone (or it stopped working): how to get one, and a field to paste it. */
export function AskForLink() {
  const { askBecause, expiredLink, place, useLink } = useScore();
  const { facility, match } = place.value;
  return (
    <ScoreShell>
      <h1>{expiredLink.value ? "Your scorer link has expired" : "Open today’s scorer link"}</h1>
      {askBecause.value && (
        <p class="notice error" role="alert">
          {askBecause.value}
        </p>
      )}
      <p>
        To enter scores on this phone, open the day’s scorer link once: the control desk has it, as a QR code
        or a message. The phone keeps it until it expires, so the scoresheets’ QR codes then open their match
        directly.
      </p>
      {match !== undefined && facility !== undefined && (
        <p>
          After that, match {match} of {facility} opens here, whether you scan the link’s QR code or paste it
          below.
        </p>
      )}
      <LinkPrompt kind="scorer" onLink={useLink} />
    </ScoreShell>
  );
}
