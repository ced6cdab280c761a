/** A value given to a command that is never printed: shown by what it is, never by what it holds. */
export interface Secret {
  value: string;
  /** How a printed command line names it: `the sync secret`. */
  shownAs: string;
}

/** One command the setup runs: a program and its arguments, never through a shell. */
export interface Command {
  /** `gcloud`, or `npx` (wrangler, from relay/), or `npm`. */
  program: string;
  args: string[];
  /** The folder it runs in, relative to the repository root (default: the root). */
  cwd?: string;
  /** Given on standard input. */
  input?: Secret;
  /** Environment variables added for this command. */
  env?: Record<string, Secret>;
  /** Written to a private temporary file whose path is appended after `flag` (removed after the run). */
  secretFile?: { flag: string; content: Secret };
  /** Show its output as it runs (builds and deploys take minutes). */
  stream?: boolean;
}

/** What a command answered. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

const SAFE = /^[\w@%+=:,./-]+$/;

/** An argument as a POSIX shell would need it written, so a printed line can be pasted. */
export function shellQuoted(arg: string): string {
  return SAFE.test(arg) ? arg : `'${arg.replaceAll("'", `'"'"'`)}'`;
}

/**
 * The command as a line to print: secrets shown by what they are, never their value.
 * @example commandLine({ program: "gcloud", args: ["secrets", "create", "x", "--data-file=-"], input }) // "gcloud secrets create x --data-file=- < (the sync secret)"
 */
export function commandLine(command: Command): string {
  const env = Object.entries(command.env ?? {}).map(([name, secret]) => `${name}=<${secret.shownAs}>`);
  const words = [...env, command.program, ...command.args.map(shellQuoted)];
  if (command.secretFile)
    words.push(
      command.secretFile.flag,
      `<a private temporary file with ${command.secretFile.content.shownAs}>`,
    );
  const line = words.join(" ");
  const where = command.cwd ? `(cd ${command.cwd} && ${line})` : line;
  return command.input ? `${where} < (${command.input.shownAs})` : where;
}
