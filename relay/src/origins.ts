let cachedSource: string | undefined;
let cachedOrigins: ReadonlySet<string> = new Set();

/**
 * Parses `LIVE_ALLOWED_ORIGINS` (comma-separated, exact origins such as `https://example.org`).
 * An unset or empty value allows no origin at all.
 */
export function allowedOrigins(source: string | undefined): ReadonlySet<string> {
  if (source !== cachedSource) {
    cachedSource = source;
    cachedOrigins = new Set(
      (source ?? "")
        .split(",")
        .map((origin) => origin.trim().replace(/\/+$/, ""))
        .filter((origin) => origin !== ""),
    );
  }
  return cachedOrigins;
}

/** True when the request's `Origin` header is one of the allowed origins; a missing header never is. */
export function originAllowed(origin: string | null, source: string | undefined): boolean {
  return origin !== null && allowedOrigins(source).has(origin);
}
