import { Channel } from "./channel.ts";
import type { Env } from "./env.ts";

/** Storage keeps a value to at most 2 MB, so a snapshot is stored in chunks of this many characters. */
const CHUNK_CHARS = 256 * 1024;
const META_KEY = "snapshot";

interface StoredMeta {
  generatedAt: number;
  chunks: number;
}

interface Snapshot {
  generatedAt: number;
  text: string;
}

/** The answer to a push: sockets reached, and `ignored` when the push was older than the stored snapshot. */
export interface PublishResult {
  clients: number;
  ignored?: true;
}

/**
 * The snapshot channel `live:<event>/<day>`: keeps the newest snapshot (by `generatedAt`) in durable
 * storage, sends it to each socket on connect and broadcasts every push that is not older.
 */
export class LiveChannel extends Channel<Env> {
  /** `undefined` until read from storage; memory is lost whenever the object hibernates. */
  #snapshot: Snapshot | null | undefined;

  protected override async onConnect(socket: WebSocket): Promise<void> {
    const snapshot = await this.#load();
    if (snapshot !== null) socket.send(snapshot.text);
  }

  /**
   * Stores and broadcasts a snapshot unless an older one than the stored snapshot; one of the same
   * `generatedAt` is taken, so a republish of the same data still reaches the pages.
   * @param text the snapshot JSON, sent to the pages exactly as pushed
   * @param generatedAt its `generatedAt` in milliseconds since the epoch
   */
  async publish(text: string, generatedAt: number): Promise<PublishResult> {
    // Only storage calls are awaited here, and input gates hold other events during them,
    // so two pushes cannot interleave between the comparison and the write.
    const current = await this.#load();
    if (current !== null && generatedAt < current.generatedAt) {
      return { clients: this.ctx.getWebSockets().length, ignored: true };
    }
    await this.#store({ generatedAt, text }, current === null ? 0 : chunkCount(current.text));
    return { clients: this.broadcast(text) };
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
      text: keys.map((key) => chunks.get(key) ?? "").join(""),
    };
    return this.#snapshot;
  }

  async #store(snapshot: Snapshot, previousChunks: number): Promise<void> {
    const chunks = chunkCount(snapshot.text);
    const entries: Record<string, unknown> = { [META_KEY]: { generatedAt: snapshot.generatedAt, chunks } };
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

function chunkCount(text: string): number {
  return Math.max(1, Math.ceil(text.length / CHUNK_CHARS));
}

function chunkKey(index: number): string {
  return `snapshot:${index}`;
}
