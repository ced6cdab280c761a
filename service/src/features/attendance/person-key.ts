/**
 * The person key, the only definition of a person's identity: accents stripped (NFKD, combining
 * marks removed), whitespace collapsed to one space and trimmed, lower-cased. Every part of the
 * attendance feature (list, mark, roster, reconciliation) keys people through this one function.
 * @example personKey("  José   DELA Cruz ") // "jose dela cruz"
 */
export function personKey(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").replace(/\s+/gu, " ").trim().toLowerCase();
}
