import type { Deployed } from "../shared/deployed.ts";
import type { Prompter } from "../shared/prompt.ts";
import { type Command, type CommandResult, commandLine } from "./command.ts";
import type { Runner } from "./runner.ts";
import { namesOf, type SetupSettings } from "./settings.ts";

/** A step that cannot go on; its message says what failed and what to do. */
export class SetupError extends Error {
  override readonly name = "SetupError";
}

/** The last lines of a failed command's output: enough to see why, never the whole log. */
function tail(text: string): string {
  return text.trim().split("\n").slice(-6).join("\n");
}

/**
 * What every step shares: the settings and the names derived from them, the runner, the values
 * learnt as the setup goes (secrets made or asked, addresses), and the printing of each command.
 */
export class SetupContext {
  readonly names: ReturnType<typeof namesOf>;
  /** Secret values made or asked during this run, by Secret Manager name; never printed but once. */
  readonly secrets = new Map<string, string>();
  /** Each secret's version the service and the relay are to run with: its newest enabled one. */
  readonly secretVersions = new Map<string, string>();
  /** Values to show once at the end (the sync secret for the Apps Script). */
  readonly showOnce: { label: string; value: string }[] = [];
  relayUrl: string | undefined;
  serviceUrl: string | undefined;
  /** Commands that changed something, in order. */
  readonly changes: string[] = [];

  constructor(
    readonly settings: SetupSettings,
    readonly runner: Runner,
    readonly options: {
      version: string;
      dryRun: boolean;
      prompt: Prompter;
      out: (line: string) => void;
      env: Record<string, string | undefined>;
      /** What an earlier run recorded (deploy/deployed.json). */
      deployed: Deployed;
    },
  ) {
    this.names = namesOf(settings);
    this.relayUrl = settings.relayUrl;
  }

  get dryRun(): boolean {
    return this.options.dryRun;
  }

  /** The project flags every gcloud command takes. */
  get project(): string[] {
    return ["--project", this.settings.project];
  }

  /** `--region` too. */
  get regional(): string[] {
    return [...this.project, "--region", this.settings.region];
  }

  heading(title: string): void {
    this.options.out(`\n${title}`);
  }

  note(line: string): void {
    this.options.out(`  ${line}`);
  }

  /**
   * Runs a command that reads state. `undefined` means nothing (right) was found: the command
   * failed the way `absent` describes (a NOT_FOUND), or this is a dry run. Any other failure stops
   * the setup.
   */
  async check(
    command: Command,
    absent?: RegExp | ((result: CommandResult) => boolean),
  ): Promise<CommandResult | undefined> {
    this.options.out(`  check   ${commandLine(command)}`);
    if (this.dryRun) return undefined;
    const result = await this.runner.check(command);
    if (result.code === 0) return result;
    const missing =
      typeof absent === "function" ? absent(result) : absent?.test(`${result.stderr}\n${result.stdout}`);
    if (missing) return undefined;
    throw new SetupError(`this check failed (exit ${result.code}):\n${tail(result.stderr || result.stdout)}`);
  }

  /** Runs a command that changes state; a failure stops the setup with the command's last lines. */
  async change(command: Command): Promise<CommandResult> {
    const line = commandLine(command);
    this.options.out(`  change  ${line}`);
    this.changes.push(line);
    const result = await this.runner.change(command);
    if (result.code !== 0)
      throw new SetupError(
        `this change failed (exit ${result.code}):\n${tail(result.stderr || result.stdout)}`,
      );
    return result;
  }
}

/** A check's JSON answer, or `undefined` when it found nothing or is not JSON of that kind. */
export function jsonOf<T>(result: CommandResult | undefined, kind: "array" | "object"): T | undefined {
  if (result === undefined) return undefined;
  try {
    const value = JSON.parse(result.stdout) as unknown;
    const isArray = Array.isArray(value);
    if (kind === "array" ? isArray : typeof value === "object" && value !== null && !isArray)
      return value as T;
  } catch {
    // not JSON: nothing usable found
  }
  return undefined;
}

/** The last segment of a resource name (`projects/123/secrets/x` → `x`). */
export const baseName = (name: unknown) => (typeof name === "string" ? (name.split("/").pop() ?? "") : "");
