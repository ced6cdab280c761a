import type { LiveRelay } from "../ports/live-relay.ts";

/**
 * Whether this instance pushes to the relay now: configured (`LIVE_PUSH_URL` and
 * `LIVE_PUSH_SECRET`), and not switched off in the registry (`livePush: false`).
 * @example livePushEnabled(liveRelay, registry.livePush)
 */
export function livePushEnabled(liveRelay: LiveRelay | undefined, livePush: boolean | undefined): boolean {
  return liveRelay !== undefined && livePush !== false;
}
