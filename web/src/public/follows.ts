/**
 * Players a spectator follows, kept on the phone (no account): one tap follows or unfollows, the
 * list survives a reload and is shared by every event (a parent follows a child everywhere). While
 * the page is open, and once the person allowed it, a followed player's match that goes on court
 * (today's matches only) or gets a score is notified, once each, each its own notification: a
 * result once replaced the on-court notice under the same tag, which a phone does silently, so
 * nobody heard of it. A result says what comes next for them that day. A match the desk calls to a
 * court is notified as the call ("Court 3 now: match 107"), once per match and court however many
 * of its players are followed; a call moved to another court is a new call.
 */
import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { courtsNow, hasResult, isCalledNow } from "../lib/data/courts.ts";
import { categoryLabel } from "../lib/data/labels.ts";
import type { Player, PlayerMatch } from "../lib/data/players.ts";
import { facilityMatches } from "../lib/data/players.ts";
import type { Display } from "../lib/data/registry.ts";
import type { NotificationAnswer, PageEnvironment } from "../lib/environment.ts";
import type { LiveScores } from "../lib/live/live-scores.ts";
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
  live?: Pick<LiveScores, "inPlay">,
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
  const seen = new Map<string, string>();
  /** The calls notified this visit ({@link callTag}): one notification per match and court. */
  const calledOut = new Set<string>();
  effect(() => {
    if (kept.value) return;
    const moment = now.value;
    const today = manilaDate(moment);
    const list = watched.value;
    const inPlay = live?.inPlay.value;
    // The matches on court now at each facility a followed player plays at.
    const onCourt = new Set<unknown>();
    const looked = new Set<string>();
    for (const { day, facility: name } of list.flatMap((player) => player.matches)) {
      const place = `${day.key}\u0000${name}`;
      const facility = day.snapshot.facilities.find((f) => f.name === name);
      if (facility === undefined || looked.has(place)) continue;
      looked.add(place);
      const matches = facilityMatches(facility, display());
      for (const court of courtsNow(matches, day.snapshot.date, moment, inPlay?.get(name)))
        onCourt.add(court.onCourt);
    }
    /** The calls to notify now, each with the followed players it calls. */
    const calls = new Map<string, { entry: PlayerMatch; players: Player[] }>();
    for (const player of list) {
      for (const entry of player.matches) {
        const id = `${player.key}\u0000${entry.day.key}\u0000${entry.facility}\u0000${entry.match.matchNumber}`;
        // A call is the desk's word that the match is on now, whatever date the phone's clock
        // says (a phone set by hand, days off, still hears of it). By the schedule alone, a match
        // of another day is never on court now: one left without a score stays due.
        const called = isCalledNow(entry.match);
        const playing = !called && onCourt.has(entry.match) && matchDate(entry) === today;
        const state =
          entry.match.winner !== undefined
            ? "result"
            : called
              ? callTag(entry)
              : playing
                ? "on court"
                : "waiting";
        const before = seen.get(id);
        seen.set(id, state);
        if (before === undefined || before === state || state === "waiting") continue;
        if (state === "result" || state === "on court") {
          const said = notice(player, entry, state, display(), today);
          env.notifications?.show(said.title, said.body, `${id}\u0000${state}`);
        } else if (!calledOut.has(state)) {
          const call = calls.get(state) ?? { entry, players: [] };
          call.players.push(player);
          calls.set(state, call);
        }
      }
    }
    for (const [tag, { entry, players: called }] of calls) {
      calledOut.add(tag);
      const said = callNotice(called, entry, display());
      env.notifications?.show(said.title, said.body, tag);
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

/** A call's notification tag: the day, the hall, the match and the court it is called to. */
export const callTag = ({ day, facility, match }: PlayerMatch) =>
  `call\u0000${day.key}\u0000${facility}\u0000${match.matchNumber}\u0000${match.court}`;

/**
 * A call's notification: the court and the match, then who of the followed it calls, the hall,
 * the category and the other side (both sides when more than one followed player plays).
 * @example callNotice([jose], entry, display) // { title: "Court 3 now: match 107", body: "José Ñañez · Rizal Hall · MS U15 · against Nicolás Peñaflor" }
 */
export function callNotice(
  called: readonly Pick<Player, "name">[],
  entry: PlayerMatch,
  display: Display | undefined,
): { title: string; body: string } {
  const { match, side } = entry;
  const category = match.category ? categoryLabel(display, match.category) : "";
  const against =
    called.length === 1
      ? `against ${(side === 1 ? match.team2 : match.team1) || "to be decided"}`
      : `${match.team1 || "to be decided"} v ${match.team2 || "to be decided"}`;
  return {
    title: `${match.court} now: match ${match.matchNumber}`,
    body: [called.map((player) => player.name).join(" and "), entry.facility, category, against]
      .filter(Boolean)
      .join(" · "),
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
