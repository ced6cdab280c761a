/** The shape every event key and day key must have. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** The two kinds of channel, each its own Durable Object class. */
export type ChannelKind = "live" | "attendance";

/** An `<event>/<day>` pair taken from a path. */
export interface ChannelKey {
  event: string;
  day: string;
}

/** True when both keys have the shape of {@link KEY_PATTERN}. */
export function isValidKey(key: ChannelKey): boolean {
  return KEY_PATTERN.test(key.event) && KEY_PATTERN.test(key.day);
}

/**
 * The Durable Object name of a channel: `live:<event>/<day>` or `attendance:<event>/<day>`.
 * @example objectName("attendance", { event: "open-2026", day: "day-1" }) // "attendance:open-2026/day-1"
 */
export function objectName(kind: ChannelKind, key: ChannelKey): string {
  return `${kind}:${key.event}/${key.day}`;
}
