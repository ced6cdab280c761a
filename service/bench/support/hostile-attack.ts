// One attack of the hostile benchmark, run in its own process so that the benchmark's pinger
// measures the service, not the attacker's busy event loop. Usage: hostile-attack.ts <attack> <url> <seconds>
// Prints one JSON line: what was answered.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import {
  largeMatchesCsv,
  rowBomb,
  scoresheetForm,
  sendAlone,
  stalledUpload,
} from "../../test/reliability/support/attack-client.ts";

const [attack, url, seconds = "3"] = process.argv.slice(2) as [string, string, string?];
const statuses: Record<string, number> = {};
const count = (status: number | string) => {
  statuses[status] = (statuses[status] ?? 0) + 1;
};

if (attack === "row-bombs") {
  // Six 5 MiB row bombs at once, again and again for the given time.
  const form = scoresheetForm(rowBomb());
  const until = performance.now() + Number(seconds) * 1000;
  while (performance.now() < until) {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        sendAlone(url, "/v3/scoresheets", { "content-type": form.type }, form.body),
      ),
    );
    for (const answer of answers) count(answer.status);
  }
} else if (attack === "sign-ins") {
  // 200 wrong sign-ins at once from one address, each with a forged device proof (issue 35: the
  // service checks every proof's HMAC before it falls back to the address throttle).
  const body = Buffer.from(JSON.stringify({ username: "operator", password: "wrong" }));
  const forged = () =>
    `${randomBytes(16).toString("base64url")}.${Date.now() + 86_400_000}.${randomBytes(32).toString("base64url")}`;
  const answers = await Promise.all(
    Array.from({ length: 200 }, () =>
      sendAlone(
        url,
        "/v3/sessions",
        { "content-type": "application/json", "x-device-proof": forged() },
        body,
      ),
    ),
  );
  for (const answer of answers) count(answer.status);
} else if (attack === "cancelled-jobs") {
  // 30 NDJSON jobs of 10,000 matches at once, each cancelled by its client within 3.6 s.
  const form = scoresheetForm(largeMatchesCsv());
  await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const job = stalledUpload(url, "/v3/scoresheets", form.type, form.body, {
        accept: "application/x-ndjson",
      });
      job.stream.end();
      await new Promise((resolve) => setTimeout(resolve, 500 + ((i * 977) % 3100)));
      count(job.status() ?? "none");
      // RST_STREAM CANCEL, as a browser tab closing; the stream is then let go at once (one refused
      // with 503 was already reset by the service, and node's client would wait on its unsent bytes).
      job.stream.close(8);
      job.stream.destroy();
      job.session.destroy();
    }),
  );
} else {
  throw new Error(`unknown attack ${attack}`);
}
process.stdout.write(`${JSON.stringify(statuses)}\n`);
