import { DurableObject } from "cloudflare:workers";
import type { Env as RelayEnv } from "./env.ts";
import { errorResponse } from "./http.ts";
import { Outbox } from "./outbox.ts";
import {
  addressTag,
  countUnread,
  hasPingedSince,
  socketCaps,
  UNREAD_CLOSE_CODE,
  unreadLimitBytes,
  utf8Bytes,
} from "./socket-limits.ts";

/**
 * What every channel object shares: sockets accepted through the WebSocket Hibernation API, so an
 * object with only idle pages is evicted from memory and costs nothing until a push or nudge arrives.
 * Subclasses add what is sent on connect ({@link Channel.onConnect}) and the actions the router calls.
 * Every socket is held to `socket-limits.ts`: so many per channel and per address, and closed
 * once too much it was sent waits unread; every message goes out through `outbox.ts`, to the
 * sockets that have shown they read before the others.
 */
export abstract class Channel<Env extends RelayEnv = RelayEnv> extends DurableObject<Env> {
  readonly #unreadLimit: number;
  readonly #caps: { channel: number; perAddress: number };
  readonly #outbox: Outbox<WebSocket>;
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#unreadLimit = unreadLimitBytes(env);
    this.#caps = socketCaps(env);
    this.#outbox = new Outbox({
      hasRead: (socket) => hasPingedSince(ctx, socket),
      write: (socket, message, bytes) => this.#write(socket, message, bytes),
    });
    // Answered by the runtime without waking the object, so pages can keep their socket alive for free.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Accepts a WebSocket upgrade; the router has already checked the path, the method and the origin. */
  override async fetch(request: Request): Promise<Response> {
    const address = addressTag(request);
    const refused = this.#refusal(address);
    if (refused !== undefined) return refused;
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    // Tags outlive hibernation, so what a socket asked for on connect is known at every push.
    const tags = this.tagsFor(new URL(request.url));
    this.ctx.acceptWebSocket(server, [...tags, address]);
    await this.onConnect(server, tags);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The answer to a socket past the channel's cap or its address's, else `undefined`. */
  #refusal(address: string): Response | undefined {
    const retry = { "retry-after": "30" };
    const { channel, perAddress } = this.#caps;
    if (this.ctx.getWebSockets().length >= channel)
      return errorResponse("channel_full", `this channel holds its ${channel} sockets`, retry);
    if (this.ctx.getWebSockets(address).length >= perAddress)
      return errorResponse("rate_limited", `at most ${perAddress} sockets from one address`, retry);
    return undefined;
  }

  /** Lifecycle hook: the tags a socket is accepted with, read from its upgrade URL. None by default. */
  protected tagsFor(_url: URL): string[] {
    return [];
  }

  /** Lifecycle hook: a socket was accepted with `tags`. Nothing is sent by default. */
  protected onConnect(_socket: WebSocket, _tags: readonly string[]): void | Promise<void> {}

  /** Sends a notice (`notices/index.ts`, already made into text) to every open socket; answers how many received it. */
  async notice(text: string): Promise<{ clients: number }> {
    return { clients: await this.broadcast(text) };
  }

  /** Sends `message` to every open socket of this channel and answers how many received it. */
  protected broadcast(message: string): Promise<number> {
    return this.sendTo(this.ctx.getWebSockets(), message);
  }

  /**
   * Sends `message` to each of `sockets`, those that have shown they read first (`outbox.ts`), and
   * answers how many received it once all were tried; a socket that would then hold more than the
   * unread limit is closed instead (its page reconnects once it reads).
   */
  protected sendTo(sockets: Iterable<WebSocket>, message: string): Promise<number> {
    return this.#outbox.send(sockets, message, utf8Bytes(message));
  }

  /** Sends `message` to a socket that just connected, at once, under the same unread limit as {@link Channel.sendTo}. */
  protected sendOne(socket: WebSocket, message: string): void {
    this.#outbox.sendNow(socket, message, utf8Bytes(message));
  }

  /** Writes `message` to `socket` unless that would pass the unread limit: then closes it. True when written. */
  #write(socket: WebSocket, message: string, bytes: number): boolean {
    try {
      if (countUnread(this.ctx, socket, bytes, this.#unreadLimit)) {
        socket.send(message);
        return true;
      }
      closeQuietly(socket, UNREAD_CLOSE_CODE, "too much unread: read your messages and ping");
    } catch {
      // A socket closing at this moment is not an error of the push.
    }
    return false;
  }

  /** Pages only listen; anything they send (other than the auto-answered `ping`) is ignored. */
  override webSocketMessage(_socket: WebSocket, _message: string | ArrayBuffer): void {}

  /** Completes the closing handshake the page started. */
  override webSocketClose(socket: WebSocket, code: number, reason: string): void {
    closeQuietly(socket, code, reason);
  }

  /** A broken socket is closed and forgotten. */
  override webSocketError(socket: WebSocket): void {
    closeQuietly(socket, 1011, "socket error");
  }
}

function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    // 1005 and 1006 are reserved and cannot be sent back.
    socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
  } catch {
    // Already closed.
  }
}
