/** Reads environment variables as the spec says: trimmed text, a blank value counting as unset. */
export type EnvReader = ReturnType<typeof envReader>;

/**
 * The readers of one environment. A set-but-unusable value is noted in `problems` (naming the
 * variable) and its fallback is used, so one message can name every bad variable.
 * @example const read = envReader(process.env); const port = read.whole("PORT", 1, 65535, 8080);
 */
export function envReader(env: Record<string, string | undefined>) {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const whole = (name: string, min: number, max: number, fallback: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
      problems.push(`${name}=${JSON.stringify(raw)} must be a whole number ${range}`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, fallback?: string): string | undefined => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol === "http:" || parsed.protocol === "https:") return raw.replace(/\/+$/, "");
    } catch {
      // reported below
    }
    problems.push(`${name}=${JSON.stringify(raw)} must be an http or https URL`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name}=${JSON.stringify(raw)} must be one of ${allowed.join(", ")}`);
    return fallback;
  };
  return { problems, text, whole, url, oneOf };
}
