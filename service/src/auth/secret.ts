import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Compares a presented shared secret with the configured one in constant time: both sides are
 * hashed with SHA-256 first, so neither content nor length leaks. An unconfigured secret never matches.
 */
export function secretMatches(configured: string | undefined, presented: string | undefined): boolean {
  if (configured === undefined || configured === "" || presented === undefined) return false;
  return timingSafeEqual(digest(configured), digest(presented));
}
