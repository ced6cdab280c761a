/** The shape every event key and day key must have (the spec's key pattern). */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/**
 * The longest event or day key the relay takes. The spec bounds only the shape; a key names a
 * Durable Object and a storage row, so a 15,000-character key is refused before anything is made.
 * The service's registry refuses longer keys too, so every day it can publish fits.
 */
export const MAX_KEY_LENGTH = 64;

/** The two kinds of channel, each its own Durable Object class. */
export type ChannelKind = "live" | "attendance";

/** An `<event>/<day>` pair taken from a path. */
export interface ChannelKey {
  event: string;
  day: string;
}

/** True when both keys have the shape of {@link KEY_PATTERN} and at most {@link MAX_KEY_LENGTH} characters. */
export function isValidKey(key: ChannelKey): boolean {
  return [key.event, key.day].every((part) => part.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(part));
}

/** What a refused key is told. */
export const KEY_RULE = `event and day keys must match ^[a-z0-9][a-z0-9-]*$ and be at most ${MAX_KEY_LENGTH} characters`;

/**
 * The day's name in the directory of announced days: `<event>/<day>`.
 * @example dayName({ event: "open-2026", day: "day-1" }) // "open-2026/day-1"
 */
export function dayName(key: ChannelKey): string {
  return `${key.event}/${key.day}`;
}

/**
 * The Durable Object name of a channel: `live:<event>/<day>` or `attendance:<event>/<day>`.
 * @example objectName("attendance", { event: "open-2026", day: "day-1" }) // "attendance:open-2026/day-1"
 */
export function objectName(kind: ChannelKind, key: ChannelKey): string {
  return `${kind}:${dayName(key)}`;
}
