// Every command in docs/deployment.md and docs/operations.md names only what exists: npm scripts
// and their flags, deploy/setup's flags, wrangler's commands and flags (as the pinned wrangler
// defines them), gcloud's commands and flags (as Google's reference documents them), this
// repository's files, the service's and the relay's routes, and shell variables the page sets
// before it uses them. The variables' block of operations.md is run. What the pages say of the
// code, and the traps issue 39 found in them, are docs-traps.test.ts.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const PAGES = ["docs/deployment.md", "docs/operations.md"];

/**
 * The gcloud commands the pages may name, with the flags each takes, from the gcloud reference
 * (cloud.google.com/sdk/gcloud/reference/<command>); the setup's own commands are run against
 * the fake cloud (deploy/test/support/fake-cloud.ts), which models them from the same reference.
 */
const GCLOUD: Record<string, string[]> = {
  "auth login": [],
  "config set": [],
  "logging read": ["--freshness", "--limit", "--order"],
  "run deploy": [],
  "run revisions list": ["--service", "--region"],
  "run services describe": ["--region"],
  "run services update": ["--region", "--max-instances", "--min-instances"],
  "run services update-traffic": ["--region", "--to-latest", "--to-revisions"],
  "builds submit": [],
  "secrets versions access": ["--secret"],
  "secrets versions add": ["--data-file"],
  "secrets versions disable": ["--secret"],
  "artifacts docker images delete": [],
};
/** gcloud's flags that every command takes. */
const GCLOUD_GLOBAL = ["--project", "--quiet", "--format"];
/** Code spans that quote what gcloud printed, not a command. */
const QUOTED_OUTPUT = ["gcloud is signed in to no account", "wrangler is not signed in"];
const PROGRAMS =
  /^(npm|npx|wrangler|deploy\/setup|gcloud|cd|git|curl|node|printf|openssl|read|export)(?=\s|$)/;
/** What the pages' commands also run, beside PROGRAMS: within a pipe or a `$(…)`, or a copy. */
const HELPERS = ["cp", "tr", "date"];
/** The variables set before a command on its line (`VAR=… cmd`, `VAR=$(…) cmd`). */
const ASSIGNMENTS = /^([A-Z_]+=(\$\([^)]*\)|\S+)\s+)+/;

/** A page's commands: each line of its `sh` blocks (continuations joined) and each code span that is one. */
function commandsOf(page: string): string[] {
  const text = read(page);
  const fences = [...text.matchAll(/^```(\S*)$/gm)].map((m) => m[1]);
  // Every block is read: an opening fence is `sh`, its closing one bare.
  assert.deepEqual(
    fences.filter((_, i) => i % 2 === 0),
    fences.filter((_, i) => i % 2 === 0).map(() => "sh"),
    `${page}: a block that is not sh would go unread`,
  );
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] ?? "")
      .replace(/\\\n\s*/g, " ")
      .split("\n")
      .map((line) => line.replace(/\s+#\s.*$/, "").trim())
      .filter(Boolean),
  );
  // A span may wrap onto the paragraph's next line.
  const spans = [...text.replace(/```[\s\S]*?```/g, "").matchAll(/`([^`\n]+(?:\n[^`\n]+)?)`/g)]
    .map((m) =>
      (m[1] ?? "")
        .replaceAll("\\|", "|")
        .replace(/\s*\n\s*/, " ")
        .trim(),
    )
    .filter((span) => PROGRAMS.test(span.replace(ASSIGNMENTS, "")))
    .filter((span) => !QUOTED_OUTPUT.includes(span));
  return [...blocks, ...spans];
}

/** Shell words, quotes kept together; `$(…)` left for its own check. */
function wordsOf(command: string): string[] {
  return [...command.matchAll(/'[^']*'|"[^"]*"|\$\([^)]*\)|\S+/g)].map((m) => m[0]);
}

/** The simple commands of a line: split at pipes and `&&`, with each `$(…)` as one more. */
function simpleCommands(line: string): string[] {
  const inner = [...line.matchAll(/\$\(([^)]*)\)/g)].map((m) => m[1] ?? "");
  const outer = line.replace(/\$\([^)]*\)/g, "$(…)").replace(/'[^']*'/g, (q) => q.replaceAll("|", "¦"));
  return [...outer.split(/\s*(?:\|\||&&|\||;)\s*/), ...inner].map((c) => c.trim()).filter(Boolean);
}

/** The flags a script's entry declares for parseArgs (`name: { type: … }`), and deploy/setup's settings flags. */
function flagsIn(...files: string[]): Set<string> {
  const text = files.map(read).join("\n");
  const declared = [
    ...text.matchAll(/(?:^\s*|[{,]\s*)"?([a-z][a-z-]*)"?: \{ type: "(?:string|boolean)"/gm),
  ].map((m) => `--${m[1]}`);
  const settings = [...text.matchAll(/flag: "(--[a-z-]+)"/g)].map((m) => m[1] as string);
  return new Set([...declared, ...settings]);
}

const SCRIPT_FLAGS: Record<string, Set<string>> = {
  preflight: flagsIn("deploy/src/preflight/command.ts"),
  "publish-pages": flagsIn("deploy/src/pages/main.ts"),
  "validate-registry": new Set(),
  "hash-password": new Set(),
};
const SETUP_FLAGS = flagsIn("deploy/src/setup/main.ts", "deploy/src/setup/settings.ts");
const WRANGLER = readFileSync(join(ROOT, "node_modules/wrangler/wrangler-dist/cli.js"), "utf8");
/** The service's and the relay's routes, as their code declares them (`url: "/ping"`, `pathname === "/health"`). */
const SERVICE_ROUTES = readdirSync(join(ROOT, "service/src"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => read(`service/src/${file}`))
  .join("\n");
const RELAY_ROUTES = read("relay/src/index.ts");
const SCRIPTS = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
/** The files a command of the pages makes (git ignores them), which need not exist beforehand. */
const MADE = read(".gitignore")
  .split("\n")
  .map((line) => line.trim().replace(/^\//, ""))
  .filter((line) => line.startsWith("deploy/"));

/**
 * The problems of one simple command, in words; none when it names only what exists. `made`: the
 * folders the page's earlier commands made (a clone's).
 */
function problemsOf(command: string, page: string, made: Set<string>): string[] {
  const words = wordsOf(command).filter((word) => !/^[A-Z_]+=/.test(word));
  const [program, ...args] = words;
  const flags = args.filter((arg) => arg.startsWith("--")).map((arg) => arg.split("=")[0] as string);
  const unknown = (known: Iterable<string>) => flags.filter((flag) => ![...known].includes(flag));
  const problems: string[] = [];
  if (program === "npm" && args[0] === "run") {
    const script = args.find((arg, i) => i > 0 && !arg.startsWith("-")) as string;
    if (!(script in SCRIPTS)) problems.push(`no npm script ${script}`);
    const after = args.indexOf("--") >= 0 ? args.slice(args.indexOf("--") + 1) : [];
    const given = after.filter((arg) => arg.startsWith("--")).map((arg) => arg.split("=")[0] as string);
    const known = SCRIPT_FLAGS[script] ?? new Set<string>();
    for (const flag of given)
      if (flag !== "--help" && !known.has(flag)) problems.push(`${script} has no ${flag}`);
  } else if (program === "npm") {
    if (!["ci", "start", "test"].includes(args[0] ?? ""))
      problems.push(`npm ${args[0]} is not a step of the pages`);
  } else if (program === "deploy/setup") {
    for (const flag of unknown(SETUP_FLAGS))
      if (flag !== "--help") problems.push(`deploy/setup has no ${flag}`);
  } else if (program === "npx" || program === "wrangler") {
    // The pages name wrangler alone where they say what the setup runs: the pinned one.
    const rest = program === "npx" ? args.filter((arg) => arg !== "--no") : ["wrangler", ...args];
    if (rest[0] !== "wrangler") problems.push(`npx ${rest[0]} is not pinned here`);
    const sub = rest.slice(1).filter((arg) => !arg.startsWith("-"));
    const named = [sub.slice(0, 2).join(" "), sub[0]].find((name) =>
      WRANGLER.includes(`command: "wrangler ${name}"`),
    );
    if (named === undefined) problems.push(`wrangler has no command ${sub.join(" ")}`);
    for (const flag of flags)
      if (!new RegExp(`^\\s+"?${flag.slice(2)}"?: \\{$`, "m").test(WRANGLER))
        problems.push(`wrangler has no ${flag}`);
  } else if (program === "gcloud") {
    const path = Object.keys(GCLOUD)
      .filter((name) => args.join(" ").startsWith(name))
      .sort((a, b) => b.length - a.length)[0];
    if (path === undefined)
      problems.push(`gcloud ${args.slice(0, 3).join(" ")} is not in the reference table`);
    else
      for (const flag of unknown([...(GCLOUD[path] ?? []), ...GCLOUD_GLOBAL]))
        problems.push(`gcloud ${path} has no ${flag}`);
  } else if (program === "cd") {
    if (!existsSync(join(ROOT, args[0] ?? "")) && !made.has(args[0] ?? ""))
      problems.push(`no folder ${args[0]}`);
  } else if (program === "git" && args[0] === "clone") {
    const address = args.findIndex((arg) => /^https:\/\/\S+\.git$/.test(arg));
    if (address < 0) problems.push("git clone without an address");
    else if (args[address + 1]) made.add(args[address + 1] as string);
  } else if (program === "curl") {
    for (const path of args.flatMap((arg) => /^\$SERVICE(\/[\w/-]*)$/.exec(arg)?.[1] ?? []))
      if (!SERVICE_ROUTES.includes(`url: "${path}"`)) problems.push(`the service has no route ${path}`);
    for (const path of args.flatMap(
      (arg) => /^(?:\$RELAY|https:\/\/\S+\.workers\.dev)(\/[\w/-]*)$/.exec(arg)?.[1] ?? [],
    ))
      if (!RELAY_ROUTES.includes(`pathname === "${path}"`)) problems.push(`the relay has no route ${path}`);
  } else if (program !== undefined && !PROGRAMS.test(program) && !HELPERS.includes(program))
    problems.push(`${program} is no program the pages' readers are told to have`);
  for (const word of words) {
    const path = word.replace(/^--[a-z-]+=/, "").replace(/^['"]|['"]$/g, "");
    if (
      /^(deploy|relay|docs|clients|service|scripts|front)\/[\w./-]+$/.test(path) &&
      !existsSync(join(ROOT, path)) &&
      !MADE.includes(path)
    )
      problems.push(`no file ${path} (${page})`);
  }
  return problems;
}

test("every command of docs/deployment.md and docs/operations.md names only scripts, flags and files that exist", () => {
  const problems: string[] = [];
  let counted = 0;
  for (const page of PAGES) {
    const made = new Set<string>();
    for (const line of commandsOf(page))
      for (const command of simpleCommands(line)) {
        counted++;
        problems.push(
          ...problemsOf(command, page, made).map((problem) => `${page}: \`${command}\`: ${problem}`),
        );
      }
  }
  assert.ok(counted > 60, `${counted} commands read`);
  assert.deepEqual(problems, []);
});

test("every shell variable a command uses is set on its page first", () => {
  const problems: string[] = [];
  for (const page of PAGES) {
    const lines = commandsOf(page);
    const set = new Set<string>();
    for (const line of lines) {
      for (const m of line.matchAll(/(?:^|\s)([A-Z_]+)=/g)) set.add(m[1] as string);
      for (const m of line.matchAll(/\bread -rs ([A-Z_]+)/g)) set.add(m[1] as string);
    }
    for (const line of lines)
      for (const m of line.matchAll(/\$([A-Z_]+)\b/g))
        if (!set.has(m[1] as string)) problems.push(`${page}: $${m[1]} in \`${line}\` is never set`);
  }
  assert.deepEqual(problems, []);
});

test("operations.md's variables' block gives the addresses deploy/setup recorded", () => {
  const block = /```sh\n([\s\S]*?)```/.exec(read("docs/operations.md"))?.[1] ?? "";
  const lines = block.split("\n").filter((line) => /^(REGION|SERVICE|RELAY)=/.test(line));
  assert.equal(lines.length, 3, block);
  const dir = mkdtempSync(join(tmpdir(), "tops-docs-"));
  mkdirSync(join(dir, "deploy"));
  writeFileSync(
    join(dir, "deploy/deployed.json"),
    JSON.stringify({
      serviceUrl: "https://tournament-ops-abc-as.a.run.app",
      relayUrl: "https://relay.example.workers.dev",
    }),
  );
  const script = `${lines.map((line) => line.replace(/\s+#.*$/, "")).join("\n")}\nprintf '%s %s %s' "$REGION" "$SERVICE" "$RELAY"`;
  const printed = execFileSync("sh", ["-c", script], { cwd: dir, encoding: "utf8" });
  assert.equal(
    printed,
    "asia-southeast1 https://tournament-ops-abc-as.a.run.app https://relay.example.workers.dev",
  );
});
