import { type EndedMatch, type LivePoint, liveKey, livePointsMessageText } from "./live-point.ts";

/** A point as the service sends it: the relay adds when it took it. */
export type PointUpdate = Omit<LivePoint, "at">;

/** What the service is told of a point: whether it was taken, and the match's state as it now stands. */
export interface PointAnswer {
  accepted: boolean;
  point: LivePoint;
  /** The match's live state was dropped (final score or cancelled call); `point` is its last one. */
  ended: boolean;
}

/** A match's latest point as kept: after its end, the last point stays (its `seq` still counts). */
type Kept = LivePoint & { ended?: true };

const KEY_PREFIX = "point:";
/** The most matches a channel keeps; past it, the longest-ended (then the longest-quiet) are forgotten. */
export const MAX_KEPT = 2_000;

/**
 * The live points of one day channel: the latest per match, kept in durable storage (a socket that
 * connects late, or after the object slept, gets them), and sent to the listening sockets at most
 * once per tick: the first point after a quiet tick goes out at once, the others wait for the
 * tick's end and go out together, each match with its latest. A tick of 0 sends every point on its
 * own (the benchmark's baseline).
 * @example const points = new LatestPoints(ctx.storage, (text) => broadcast(text), 300);
 */
export class LatestPoints {
  /** `undefined` until read from storage; memory is lost whenever the object hibernates. */
  #kept: Map<string, Kept> | undefined;
  #pending = new Map<string, Kept>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastSent = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly send: (text: string) => void,
    private readonly tickMs: number,
  ) {}

  /** Takes a point when its `seq` is above the match's last one (an ended match's too). */
  async take(update: PointUpdate): Promise<PointAnswer> {
    const kept = await this.#load();
    const key = liveKey(update.facility, update.matchNumber);
    const current = kept.get(key);
    if (current !== undefined && update.seq <= current.seq) {
      return { accepted: false, point: withoutEnd(current), ended: current.ended === true };
    }
    const point: LivePoint = { ...update, at: new Date().toISOString() };
    this.#change(key, point);
    return { accepted: true, point, ended: false };
  }

  /** Drops a match's live state (its final score was saved, or its call cancelled); `false` when it had none. */
  async end(match: EndedMatch): Promise<boolean> {
    const kept = await this.#load();
    const key = liveKey(match.facility, match.matchNumber);
    const current = kept.get(key);
    if (current === undefined || current.ended) return false;
    this.#change(key, { ...current, ended: true });
    return true;
  }

  /** The message a socket gets on connect: every match in play now; `undefined` when none is. */
  async all(): Promise<string | undefined> {
    const kept = await this.#load();
    const points = [...kept.values()].filter((point) => !point.ended);
    return points.length === 0 ? undefined : livePointsMessageText(points, [], true);
  }

  #change(key: string, value: Kept): void {
    this.#kept?.set(key, value);
    this.#pending.set(key, value);
    if (this.#timer !== undefined) return;
    const wait = this.#lastSent + this.tickMs - Date.now();
    if (this.tickMs === 0 || wait <= 0) this.#flush();
    else this.#timer = setTimeout(() => this.#flush(), wait);
  }

  #flush(): void {
    this.#timer = undefined;
    this.#lastSent = Date.now();
    const changes = this.#pending;
    this.#pending = new Map();
    const points: LivePoint[] = [];
    const ended: EndedMatch[] = [];
    for (const value of changes.values()) {
      if (value.ended) ended.push({ facility: value.facility, matchNumber: value.matchNumber });
      else points.push(value);
    }
    // Sent before the storage write, so the sockets do not wait for it (the output gate holds
    // messages sent while a write is under way).
    this.send(livePointsMessageText(points, ended));
    for (const part of inParts([...changes])) {
      void this.storage.put(Object.fromEntries(part.map(([key, value]) => [KEY_PREFIX + key, value])));
    }
    this.#bound();
  }

  /** Forgets the longest-ended, then the longest-quiet matches past {@link MAX_KEPT}. */
  #bound(): void {
    const kept = this.#kept;
    if (kept === undefined || kept.size <= MAX_KEPT) return;
    const oldest = [...kept].sort(
      ([, a], [, b]) => Number(b.ended === true) - Number(a.ended === true) || a.at.localeCompare(b.at),
    );
    const gone = oldest.slice(0, kept.size - MAX_KEPT).map(([key]) => key);
    for (const key of gone) kept.delete(key);
    for (const part of inParts(gone)) void this.storage.delete(part.map((key) => KEY_PREFIX + key));
  }

  async #load(): Promise<Map<string, Kept>> {
    if (this.#kept !== undefined) return this.#kept;
    const stored = await this.storage.list<Kept>({ prefix: KEY_PREFIX });
    // Another event may have loaded them while this one waited.
    this.#kept ??= new Map([...stored].map(([key, value]) => [key.slice(KEY_PREFIX.length), value]));
    return this.#kept;
  }
}

/** Storage takes at most 128 keys per call. */
function inParts<T>(items: T[]): T[][] {
  const parts: T[][] = [];
  for (let at = 0; at < items.length; at += 128) parts.push(items.slice(at, at + 128));
  return parts;
}

function withoutEnd(kept: Kept): LivePoint {
  const { ended: _ended, ...point } = kept;
  return point;
}
