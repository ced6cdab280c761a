import { LinkPrompt } from "../../lib/ui/LinkPrompt.tsx";
import { useDesk } from "../context.ts";
import { DeskPage } from "./DeskPage.tsx";
import { FacilityChoice } from "./FacilityChoice.tsx";
import { DeskShell } from "./Shell.tsx";

const PROBLEMS = {
  missing: "This page opens from a desk link.",
  unreadable: "This address does not hold a whole desk link: part of it may have been cut off.",
  "scorer-link": "This is a scorer link, for entering scores: it opens on the score page.",
};

export function App() {
  const { dayEntry, facility, failure, link, linkProblem, openLink, registry } = useDesk();
  const problem = linkProblem.value;
  if (problem !== undefined) {
    return (
      <DeskShell>
        <h1>Open your desk link</h1>
        <p>{PROBLEMS[problem]}</p>
        {problem === "scorer-link" ? (
          <p>
            <a href={`../score/${location.hash}`}>Open the score page</a>
          </p>
        ) : (
          <>
            <p>
              The control desk gives each check-in desk a link for the day. Open it on this phone, or paste it
              here.
            </p>
            <LinkPrompt kind="desk" onLink={openLink} />
          </>
        )}
      </DeskShell>
    );
  }
  if (failure.value !== undefined) {
    return (
      <DeskShell>
        <p class="notice warn" role="alert">
          {failure.value}
        </p>
      </DeskShell>
    );
  }
  if (registry.value === undefined || link.value === undefined) {
    return (
      <DeskShell>
        <p aria-busy="true">Loading…</p>
      </DeskShell>
    );
  }
  if (dayEntry.value === undefined) {
    return (
      <DeskShell>
        <h1>This day is not listed</h1>
        <p>
          The desk link is for the day “{link.value.day}”, which is not in the tournament’s list any more. Ask
          the control desk for a new link.
        </p>
      </DeskShell>
    );
  }
  return <DeskShell>{facility.value === undefined ? <FacilityChoice /> : <DeskPage />}</DeskShell>;
}
