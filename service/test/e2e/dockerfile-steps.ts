import { readFileSync } from "node:fs";

/** One instruction of a Dockerfile, continuation lines joined. */
export interface Instruction {
  keyword: string;
  args: string;
}

/**
 * Parses a Dockerfile into instructions (comments and blank lines dropped, `\` continuations joined).
 * @example parseDockerfile("FROM node:20\nRUN npm ci")[1] // { keyword: "RUN", args: "npm ci" }
 */
export function parseDockerfile(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, " ");
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [keyword = "", ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    });
}

/** `ENV a=1 b=2` pairs. */
export function envPairs(args: string): Record<string, string> {
  return Object.fromEntries(
    [...args.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map((m) => [
      m[1] as string,
      (m[2] as string).replace(/^"|"$/g, ""),
    ]),
  );
}

/** A `.dockerignore` as a predicate over paths relative to the build context. */
export function dockerIgnore(file: string): (relativePath: string) => boolean {
  const patterns = readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((pattern) => {
      const source = pattern
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*\//g, "\u0000")
        .replace(/\*/g, "[^/]*")
        .replaceAll("\u0000", "(?:.*/)?");
      return new RegExp(`^${source}(?:/.*)?$`);
    });
  return (path) => patterns.some((pattern) => pattern.test(path));
}
