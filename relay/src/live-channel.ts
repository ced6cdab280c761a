import { CHANGES_PARAMETER, changesMessageText, diffSnapshot, snapshotMessageText } from "./changes/index.ts";
import { Channel } from "./channel.ts";
import { type Env, livePointsTickMs } from "./env.ts";
import { type EndedMatch, LIVE_PARAMETER } from "./live-points/index.ts";
import { LatestPoints, type PointAnswer, type PointUpdate } from "./live-points/latest-points.ts";

/** Storage keeps a value to at most 2 MB, so a snapshot is stored in chunks of this many characters. */
const CHUNK_CHARS = 256 * 1024;
const META_KEY = "snapshot";
/** The tag of a socket that asked for changes (`?changes=1`) rather than whole snapshots. */
const CHANGES_TAG = "changes";
/** The tag of a socket that asked for live points too (`?live=1`). */
const LIVE_TAG = "live";

interface StoredMeta {
  generatedAt: number;
  chunks: number;
  /** Absent in what an earlier version of the relay stored: 0. */
  seq?: number;
}

interface Snapshot {
  generatedAt: number;
  /** Grows by one with every push the channel takes. */
  seq: number;
  text: string;
  /** `text` parsed, kept once a push needed it, so the next push's changes parse only the new one. */
  parsed?: unknown;
}

/** The answer to a push: sockets reached, and `ignored` when the push was older than the stored snapshot. */
export interface PublishResult {
  clients: number;
  ignored?: true;
}

/**
 * The snapshot channel `live:<event>/<day>`: keeps the newest snapshot (by `generatedAt`) in durable
 * storage, sends it to each socket on connect and broadcasts every push that is not older. A socket
 * that asked for changes gets the snapshot wrapped with its sequence number on connect, then only
 * what each push changed (`docs/live-messages.md`); every other socket gets the pushed JSON as is.
 */
export class LiveChannel extends Channel<Env> {
  /** `undefined` until read from storage; memory is lost whenever the object hibernates. */
  #snapshot: Snapshot | null | undefined;
  /** The latest point of each match in play, sent to the sockets that asked for them (`live-points/`). */
  readonly #points = new LatestPoints(
    this.ctx.storage,
    (text) => void this.sendTo(this.ctx.getWebSockets(LIVE_TAG), text),
    livePointsTickMs(this.env),
  );

  protected override tagsFor(url: URL): string[] {
    const tags = url.searchParams.has(CHANGES_PARAMETER) ? [CHANGES_TAG] : [];
    return url.searchParams.has(LIVE_PARAMETER) ? [...tags, LIVE_TAG] : tags;
  }

  protected override async onConnect(socket: WebSocket, tags: readonly string[]): Promise<void> {
    const snapshot = await this.#load();
    if (snapshot !== null) {
      this.sendOne(
        socket,
        tags.includes(CHANGES_TAG) ? snapshotMessageText(snapshot.seq, snapshot.text) : snapshot.text,
      );
    }
    const points = tags.includes(LIVE_TAG) ? await this.#points.all() : undefined;
    if (points !== undefined) this.sendOne(socket, points);
  }

  /** Takes a match's live point (`live-points/latest-points.ts`). */
  livePoint(update: PointUpdate): Promise<PointAnswer> {
    return this.#points.take(update);
  }

  /** Drops a match's live state; `ended` false when it had none. */
  async endLivePoint(match: EndedMatch): Promise<{ ended: boolean }> {
    return { ended: await this.#points.end(match) };
  }

  /**
   * Stores and broadcasts a snapshot unless an older one than the stored snapshot; one of the same
   * `generatedAt` is taken, so a republish of the same data still reaches the pages.
   * @param text the snapshot JSON, sent to the pages exactly as pushed
   * @param generatedAt its `generatedAt` in milliseconds since the epoch
   */
  async publish(text: string, generatedAt: number): Promise<PublishResult> {
    // Only storage calls are awaited here, and input gates hold other events during them,
    // so two pushes cannot interleave between the comparison and the write, and no socket
    // connects between the write and the broadcast.
    const current = await this.#load();
    if (current !== null && generatedAt < current.generatedAt) {
      return { clients: this.ctx.getWebSockets().length, ignored: true };
    }
    const next: Snapshot = { generatedAt, seq: (current?.seq ?? 0) + 1, text };
    await this.#store(next, current === null ? 0 : chunkCount(current.text));
    if (this.ctx.getWebSockets(CHANGES_TAG).length === 0) return { clients: await this.broadcast(text) };
    const askedForChanges: WebSocket[] = [];
    const wholeSnapshots: WebSocket[] = [];
    for (const socket of this.ctx.getWebSockets()) {
      (this.ctx.getTags(socket).includes(CHANGES_TAG) ? askedForChanges : wholeSnapshots).push(socket);
    }
    const message = changesMessage(current, next);
    const reached = await Promise.all([
      this.sendTo(wholeSnapshots, text),
      this.sendTo(askedForChanges, message),
    ]);
    return { clients: reached[0] + reached[1] };
  }

  async #load(): Promise<Snapshot | null> {
    if (this.#snapshot !== undefined) return this.#snapshot;
    const meta = await this.ctx.storage.get<StoredMeta>(META_KEY);
    if (meta === undefined) {
      this.#snapshot = null;
      return null;
    }
    const keys = Array.from({ length: meta.chunks }, (_, index) => chunkKey(index));
    const chunks = await this.ctx.storage.get<string>(keys);
    this.#snapshot = {
      generatedAt: meta.generatedAt,
      seq: meta.seq ?? 0,
      text: keys.map((key) => chunks.get(key) ?? "").join(""),
    };
    return this.#snapshot;
  }

  async #store(snapshot: Snapshot, previousChunks: number): Promise<void> {
    const chunks = chunkCount(snapshot.text);
    const meta: StoredMeta = { generatedAt: snapshot.generatedAt, chunks, seq: snapshot.seq };
    const entries: Record<string, unknown> = { [META_KEY]: meta };
    for (let index = 0; index < chunks; index++) {
      entries[chunkKey(index)] = snapshot.text.slice(index * CHUNK_CHARS, (index + 1) * CHUNK_CHARS);
    }
    const stale = Array.from({ length: Math.max(0, previousChunks - chunks) }, (_, i) =>
      chunkKey(chunks + i),
    );
    await this.ctx.storage.transaction(async (txn) => {
      await txn.put(entries);
      if (stale.length > 0) await txn.delete(stale);
    });
    this.#snapshot = snapshot;
  }
}

/**
 * The one message every socket that asked for changes gets for push `next`, computed once per push:
 * the changes since `current`, or the whole snapshot when there is nothing to compare with, when
 * either is not a day snapshot, or when the changes would be no smaller.
 */
function changesMessage(current: Snapshot | null, next: Snapshot): string {
  const whole = snapshotMessageText(next.seq, next.text);
  if (current === null) return whole;
  current.parsed ??= parseOrNull(current.text);
  next.parsed = parseOrNull(next.text);
  const changes = diffSnapshot(current.parsed, next.parsed);
  if (changes === undefined) return whole;
  const message = changesMessageText(next.seq, changes);
  return message.length < whole.length ? message : whole;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function chunkCount(text: string): number {
  return Math.max(1, Math.ceil(text.length / CHUNK_CHARS));
}

function chunkKey(index: number): string {
  return `snapshot:${index}`;
}
