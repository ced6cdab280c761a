import type { Preflight } from "../../../lib/api/types.ts";
import { manilaWhen } from "../../../lib/manila-time.ts";
import { useConsole } from "../../context.ts";

type Finding = Preflight["checks"][number];

/** What each kind of check looked at, in the organiser's words. */
const KIND: Record<Finding["check"], string> = {
  "service-settings": "Service settings",
  repository: "Data repository",
  "token-expiry": "Repository token",
  registry: "Registry",
  "sheets-credentials": "Spreadsheet credentials",
  "workbook-access": "Workbook sharing",
  "workbook-tabs": "Workbook tabs",
  "workbook-trigger": "Workbook's edit trigger",
  "relay-health": "Live relay",
  "relay-secret": "Relay secret",
  "relay-origin": "Relay and the pages",
  "pages-config": "Pages' settings",
};

/** Said in words, never by colour alone. */
const STATUS: Record<Finding["status"], string> = {
  fail: "Fails",
  warn: "Look at this",
  pass: "Good",
  skip: "Not checked",
};

/** A finding's detail as a sentence: a capital first, a full stop last. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** One finding: its status in words, what was checked, what was found, and the fix. */
function FindingItem({ finding }: { finding: Finding }) {
  return (
    <li class={`check check-${finding.status}`}>
      <p class="check-title">
        <strong>{STATUS[finding.status]}</strong> · {KIND[finding.check]} · <span>{finding.subject}</span>
      </p>
      <p>{sentence(finding.detail)}</p>
      {finding.fix && (
        <p>
          <strong>Fix:</strong> {finding.fix}
        </p>
      )}
    </li>
  );
}

/** The preflight's findings: what needs a look first, each with its fix; the passes folded away. */
export function PreflightChecks({ report }: { report: Preflight }) {
  const { now } = useConsole().app;
  const failed = report.checks.filter((c) => c.status === "fail").length;
  const order = { fail: 0, warn: 1, skip: 2, pass: 3 } as const;
  const sorted = [...report.checks].sort((a, b) => order[a.status] - order[b.status]);
  const look = sorted.filter((c) => c.status !== "pass");
  const passed = sorted.filter((c) => c.status === "pass");
  const key = (finding: Finding) => `${finding.check} ${finding.subject}`;
  return (
    <div class="preflight">
      <p role="status" class={report.ready ? undefined : "warn-text"}>
        {failed > 0
          ? `${failed} check${failed === 1 ? "" : "s"} fail${failed === 1 ? "s" : ""}: fix ${failed === 1 ? "it" : "them"} before the day.`
          : report.ready
            ? "Every check passes: the setup is ready for the day."
            : `Nothing fails, but ${look.length} ${look.length === 1 ? "finding asks" : "findings ask"} to be looked at or checked: not ready until each is seen to.`}{" "}
        <span class="muted">Checked {manilaWhen(report.checkedAt, now.value)}.</span>
      </p>
      {look.length > 0 && (
        <ul class="checks">
          {look.map((finding) => (
            <FindingItem key={key(finding)} finding={finding} />
          ))}
        </ul>
      )}
      {passed.length > 0 && (
        <details>
          <summary>
            {passed.length} check{passed.length === 1 ? "" : "s"} pass
          </summary>
          <ul class="checks">
            {passed.map((finding) => (
              <FindingItem key={key(finding)} finding={finding} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
