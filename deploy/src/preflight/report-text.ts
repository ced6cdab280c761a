/** A preflight finding as the service sends it (`GET /v3/diagnostics/preflight`). */
export interface Finding {
  check: string;
  subject: string;
  status: "pass" | "fail" | "warn" | "skip";
  detail: string;
  fix?: string;
}

const LABEL: Record<Finding["status"], string> = { fail: "FAIL", warn: "LOOK", skip: "SKIP", pass: "ok  " };
const ORDER: Record<Finding["status"], number> = { fail: 0, warn: 1, skip: 2, pass: 3 };

/**
 * The report for a terminal: failures first, each with what was found and its fix, then a count.
 * @example process.stdout.write(reportText(serviceUrl, report));
 */
export function reportText(serviceUrl: string, report: { checkedAt: string; checks: Finding[] }): string {
  const lines = [`Preflight of ${serviceUrl} (${report.checkedAt})`];
  const sorted = [...report.checks].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  for (const finding of sorted) {
    lines.push(`  ${LABEL[finding.status]}  ${finding.check}  ${finding.subject}`);
    lines.push(`        ${finding.detail}`);
    if (finding.fix) lines.push(`        Fix: ${finding.fix}`);
  }
  const failed = report.checks.filter((c) => c.status === "fail").length;
  const warned = report.checks.filter((c) => c.status === "warn").length;
  lines.push(
    failed === 0
      ? `Nothing fails${warned > 0 ? ` (${warned} to look at)` : ""}: ready for the day.`
      : `${failed} check${failed === 1 ? "" : "s"} fail${failed === 1 ? "s" : ""}: fix ${failed === 1 ? "it" : "them"} and run \`npm run preflight\` again.`,
  );
  return `${lines.join("\n")}\n`;
}
