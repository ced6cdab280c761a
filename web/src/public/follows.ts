/**
 * Players a spectator follows, kept on the phone (no account): one tap follows or unfollows, the
 * list survives a reload and is shared by every event (a parent follows a child everywhere). While
 * the page is open, and once the person allowed it, a followed player's match that goes on court
 * (today's matches only) or gets a score is notified, once each, each its own notification: a
 * result once replaced the on-court notice under the same tag, which a phone does silently, so
 * nobody heard of it. A result says what comes next for them that day.
 */
import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { courtsNow, hasResult } from "../lib/data/courts.ts";
import { categoryLabel } from "../lib/data/labels.ts";
import type { Player, PlayerMatch } from "../lib/data/players.ts";
import { facilityMatches } from "../lib/data/players.ts";
import type { Display } from "../lib/data/registry.ts";
import type { NotificationAnswer, PageEnvironment } from "../lib/environment.ts";
import { manilaDate } from "../lib/manila-time.ts";
import { whenAndWhere } from "./components/player-words.ts";
import { matchDate } from "./followed-card.ts";
import type { PlayersPart } from "./players.ts";

export const FOLLOWED_KEY = "tournament-ops.followed-players";
/** Followed players kept at most: the oldest go first. */
export const MOST_FOLLOWED = 50;

export interface Followed {
  key: string;
  name: string;
}

export interface Follows {
  /** In the order they were followed. */
  followed: ReadonlySignal<readonly Followed[]>;
  /** Follows a player, or stops following them. */
  toggle(player: Followed): void;
  /** Whether notifications may be shown: the browser's answer, or `unsupported`. */
  alerts: ReadonlySignal<NotificationAnswer>;
  /** Asks the person to allow notifications (from a tap). */
  allowAlerts(): Promise<void>;
}

function read(storage: Storage | undefined): Followed[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(FOLLOWED_KEY) ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is Followed => typeof item?.key === "string" && typeof item?.name === "string",
    );
  } catch {
    return [];
  }
}

/**
 * The followed players, and the notifications about them.
 * @param players the event's players, for the notifications
 * @param kept true while the day shown is the one the phone kept from an earlier visit: nothing is
 *   looked at until the network answers, so what happened meanwhile is not notified
 */
export function follows(
  env: Pick<PageEnvironment, "storage" | "notifications">,
  players: Pick<PlayersPart, "player">,
  now: ReadonlySignal<number>,
  display: () => Display | undefined,
  kept: ReadonlySignal<boolean>,
): Follows {
  const followed = signal<readonly Followed[]>(read(env.storage));
  const alerts = signal<NotificationAnswer>(env.notifications?.permission() ?? "unsupported");
  const watched = computed(() =>
    followed.value.flatMap(({ key }) => {
      const player = players.player(key);
      return player === undefined ? [] : [player];
    }),
  );
  /** What was last seen of each followed player's match: nothing is said about the page's first look. */
  const seen = new Map<string, "waiting" | "on court" | "result">();
  effect(() => {
    if (kept.value) return;
    const moment = now.value;
    const today = manilaDate(moment);
    const list = watched.value;
    // The matches on court now at each facility a followed player plays at.
    const onCourt = new Set<unknown>();
    const looked = new Set<string>();
    for (const { day, facility: name } of list.flatMap((player) => player.matches)) {
      const place = `${day.key}\u0000${name}`;
      const facility = day.snapshot.facilities.find((f) => f.name === name);
      if (facility === undefined || looked.has(place)) continue;
      looked.add(place);
      for (const court of courtsNow(facilityMatches(facility, display()), day.snapshot.date, moment))
        onCourt.add(court.onCourt);
    }
    for (const player of list) {
      for (const entry of player.matches) {
        const id = `${player.key}\u0000${entry.day.key}\u0000${entry.facility}\u0000${entry.match.matchNumber}`;
        // A match of another day is never on court now: one left without a score stays due.
        const playing = onCourt.has(entry.match) && matchDate(entry) === today;
        const state = entry.match.winner !== undefined ? "result" : playing ? "on court" : "waiting";
        const before = seen.get(id);
        seen.set(id, state);
        if (before === undefined || before === state || state === "waiting") continue;
        const said = notice(player, entry, state, display(), today);
        env.notifications?.show(said.title, said.body, `${id}\u0000${state}`);
      }
    }
  });
  return {
    followed,
    toggle(player) {
      const list = followed.value;
      const next = list.some((p) => p.key === player.key)
        ? list.filter((p) => p.key !== player.key)
        : [...list, { key: player.key, name: player.name }].slice(-MOST_FOLLOWED);
      followed.value = next;
      try {
        env.storage?.setItem(FOLLOWED_KEY, JSON.stringify(next));
      } catch {
        // A full or refused storage: followed for this visit only.
      }
    },
    alerts,
    async allowAlerts() {
      alerts.value = (await env.notifications?.request()) ?? "unsupported";
    },
  };
}

/** A notification's words: who, what happened, where; after a result, their next match that day. */
export function notice(
  player: Player,
  entry: PlayerMatch,
  state: "on court" | "result",
  display: Display | undefined,
  today: string,
): { title: string; body: string } {
  const { match, side } = entry;
  const opponents = (side === 1 ? match.team2 : match.team1) || "to be decided";
  const where = [match.court, entry.facility].filter(Boolean).join(", ");
  const category = match.category ? categoryLabel(display, match.category) : "";
  if (state === "on court") {
    return {
      title: `${player.name} is on court`,
      body: [where, category, `against ${opponents}`].filter(Boolean).join(" · "),
    };
  }
  const [own, other] =
    side === 1 ? [match.team1Score, match.team2Score] : [match.team2Score, match.team1Score];
  const next = player.matches.find((later) => later.day === entry.day && !hasResult(later.match));
  return {
    title: `${player.name} ${match.winner === side ? "won" : "lost"} ${own}–${other}`,
    body: [`against ${opponents}`, where, next ? `next: ${whenAndWhere(next, today)}` : ""]
      .filter(Boolean)
      .join(" · "),
  };
}
