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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The report's last line: ready only when every check passed; a look or a check not made is not a
 * pass, so it says what is left instead.
 */
function verdict(checks: readonly Finding[]): string {
  const count = (status: Finding["status"]) => checks.filter((c) => c.status === status).length;
  const [failed, looks, skipped] = [count("fail"), count("warn"), count("skip")];
  if (failed > 0)
    return `${plural(failed, "check fails", "checks fail")}: fix ${failed === 1 ? "it" : "them"} and run \`npm run preflight\` again.`;
  if (looks + skipped > 0) {
    const left = [looks > 0 ? `${looks} to look at` : "", skipped > 0 ? `${skipped} not checked` : ""];
    return `Nothing fails, but ${left.filter(Boolean).join(" and ")}: not ready until each is seen to, then \`npm run preflight\` again.`;
  }
  return "Every check passes: ready for the day.";
}

/**
 * The report for a terminal: failures first, each with what was found and its fix, then a verdict.
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
  lines.push(verdict(report.checks));
  return `${lines.join("\n")}\n`;
}
