/**
 * The frozen routes' `Deprecation` header: `@<unix seconds of the 3.0.0 release>`, one constant.
 * There is no `Sunset`: frozen routes are never removed.
 */
export const RELEASE_3_0_0_SECONDS = Date.UTC(2026, 10, 22) / 1000;

export const DEPRECATION_HEADER = `@${RELEASE_3_0_0_SECONDS}`;

/** Encodes one path segment for a successor link. */
export const segment = (value: unknown) => encodeURIComponent(String(value));
