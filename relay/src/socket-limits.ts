/**
 * What one channel object holds of sockets, and what one socket may leave unread. Phones reach the
 * relay directly in production, so these are the only caps between a hostile page and the
 * channel (docs/deployment.md adds Cloudflare's rate-limiting rule in front of them):
 *
 * - {@link CHANNEL_SOCKETS} sockets per channel (one day's snapshot or nudge object), beside the
 *   sharding plan in docs/live-messages.md: one object serves one day's hall of phones;
 * - {@link SOCKETS_PER_ADDRESS} per client address (`CF-Connecting-IP`, IPv6 by its /64) per
 *   channel, high enough for a venue whose phones share one public address behind its NAT;
 * - {@link UNREAD_LIMIT_BYTES} sent to a socket since its page last said it had read (its `ping`,
 *   answered by the runtime, whose time the object reads without being woken), past the first
 *   message since then: Workers have no backpressure API, so a socket that does not read is known
 *   by its silence, and is sent nothing more but its close once so much waits for it. The first
 *   message after a ping is never counted, so a big day's snapshot on connect (410–700 KB), or a
 *   whole snapshot in place of changes, leaves a slow phone the whole bound for what follows.
 */
import { clientKey } from "@tournament-ops/service/client-address";
import type { Env } from "./env.ts";

/** Sockets one channel object accepts; one more is 503 `channel_full`. */
export const CHANNEL_SOCKETS = 5_000;
/** Sockets one client address may hold on one channel; one more is 429 `rate_limited`. */
export const SOCKETS_PER_ADDRESS = 1_000;
/**
 * Bytes a socket may be sent since its page's last `ping`, beyond the first message since then; the
 * message that would pass it closes the socket instead. Pages ping after reading, at most once a
 * second, so an honest page leaves about a second's messages unread (docs/decisions.md: a few KB,
 * about 15 KB at the busiest moment of a day of 40 courts).
 */
export const UNREAD_LIMIT_BYTES = 128 * 1024;
/** The close code of a socket that left too much unread: the page reconnects and gets the snapshot whole. */
export const UNREAD_CLOSE_CODE = 4008;

/** The tag prefix that counts a socket under its client's address (tags outlive hibernation). */
const ADDRESS_TAG = "address:";

/** A whole-number setting of at least `least`, else `fallback` (unset or unusable). */
function wholeSetting(text: string | undefined, least: number, fallback: number): number {
  const value = Number(text?.trim() || Number.NaN);
  return Number.isInteger(value) && value >= least ? value : fallback;
}

/** The unread limit `LIVE_UNREAD_LIMIT_BYTES` sets (a whole number ≥ 1024), else {@link UNREAD_LIMIT_BYTES}. */
export function unreadLimitBytes(env: Env): number {
  return wholeSetting(env.LIVE_UNREAD_LIMIT_BYTES, 1024, UNREAD_LIMIT_BYTES);
}

/** The caps `LIVE_CHANNEL_SOCKETS` and `LIVE_SOCKETS_PER_ADDRESS` set, else {@link CHANNEL_SOCKETS} and {@link SOCKETS_PER_ADDRESS}. */
export function socketCaps(env: Env): { channel: number; perAddress: number } {
  return {
    channel: wholeSetting(env.LIVE_CHANNEL_SOCKETS, 1, CHANNEL_SOCKETS),
    perAddress: wholeSetting(env.LIVE_SOCKETS_PER_ADDRESS, 1, SOCKETS_PER_ADDRESS),
  };
}

/** The tag a socket from `request`'s client carries: its `CF-Connecting-IP`, as the service counts addresses. */
export function addressTag(request: Request): string {
  const address = request.headers.get("cf-connecting-ip")?.trim() || "unknown";
  return `${ADDRESS_TAG}${clientKey(address)}`.slice(0, 256);
}

/** What a socket was sent since its page's last ping, kept in its attachment (it outlives hibernation). */
interface Backlog {
  /** Bytes sent since the ping, beyond the first message since then. */
  unread: number;
  /** The time of the last ping counted, in ms since the epoch (0: none yet). */
  pingAt: number;
}

/** The time of `socket`'s page's last ping, in ms since the epoch (0: none yet). */
function pingTime(ctx: DurableObjectState, socket: WebSocket): number {
  return ctx.getWebSocketAutoResponseTimestamp(socket)?.getTime() ?? 0;
}

/**
 * True when `socket`'s page has pinged since the last message it was sent (or, sent none, has
 * pinged at all): it has shown it reads, so nothing it was sent waits for it.
 */
export function hasPingedSince(ctx: DurableObjectState, socket: WebSocket): boolean {
  const kept = socket.deserializeAttachment() as Backlog | null;
  return pingTime(ctx, socket) > (kept?.pingAt ?? 0);
}

/**
 * Counts `bytes` more sent to `socket`: the first message after its page's last ping (or its
 * connect) is free and starts the count again, the others add up.
 * @returns false when they would pass `limit`: the caller closes the socket instead of sending.
 */
export function countUnread(
  ctx: DurableObjectState,
  socket: WebSocket,
  bytes: number,
  limit: number,
): boolean {
  const pingAt = pingTime(ctx, socket);
  const kept = socket.deserializeAttachment() as Backlog | null;
  const unread = kept !== null && kept.pingAt === pingAt ? kept.unread + bytes : 0;
  if (unread > limit) return false;
  socket.serializeAttachment({ unread, pingAt } satisfies Backlog);
  return true;
}

/** UTF-8 bytes of `text`, counted once per message whatever the number of sockets. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
