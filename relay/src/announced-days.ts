/**
 * Which days the relay serves: the directory object's list (`day-directory.ts`), kept in this
 * isolate for {@link CACHE_MS} so that sockets, made-up keys included, cost no object call each. A
 * day missing from the kept list is looked up again at most once per {@link MISS_REFRESH_MS}, so a
 * day announced through another isolate is served within a second.
 */
import type { Env } from "./env.ts";
import { type ChannelKey, dayName } from "./keys.ts";

const CACHE_MS = 10_000;
const MISS_REFRESH_MS = 1_000;

let kept: { days: Set<string>; at: number } | undefined;

function directory(env: Env) {
  return env.DAY_DIRECTORY.get(env.DAY_DIRECTORY.idFromName("days"));
}

/** True when the service has announced `key`'s day. */
export async function isAnnounced(env: Env, key: ChannelKey): Promise<boolean> {
  const name = dayName(key);
  const now = Date.now();
  const age = kept === undefined ? Number.POSITIVE_INFINITY : now - kept.at;
  if (kept !== undefined && age < CACHE_MS && (kept.days.has(name) || age < MISS_REFRESH_MS)) {
    return kept.days.has(name);
  }
  kept = { days: new Set(await directory(env).days()), at: now };
  return kept.days.has(name);
}

/** Replaces the announced days with `days` (`<event>/<day>` each); answers how many there are. */
export async function announceDays(env: Env, days: string[]): Promise<number> {
  const count = await directory(env).replace(days);
  kept = { days: new Set(days), at: Date.now() };
  return count;
}

/** Adds `key`'s day (a publish or a nudge with the secret announces its day). */
export async function rememberDay(env: Env, key: ChannelKey): Promise<void> {
  const name = dayName(key);
  if (kept?.days.has(name)) return;
  await directory(env).add(name);
  kept?.days.add(name);
}
