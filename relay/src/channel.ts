import { DurableObject } from "cloudflare:workers";

/**
 * What every channel object shares: sockets accepted through the WebSocket Hibernation API, so an
 * object with only idle pages is evicted from memory and costs nothing until a push or nudge arrives.
 * Subclasses add what is sent on connect ({@link Channel.onConnect}) and the actions the router calls.
 */
export abstract class Channel<Env = unknown> extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Answered by the runtime without waking the object, so pages can keep their socket alive for free.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Accepts a WebSocket upgrade; the router has already checked the path, the method and the origin. */
  override async fetch(request: Request): Promise<Response> {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    // Tags outlive hibernation, so what a socket asked for on connect is known at every push.
    const tags = this.tagsFor(new URL(request.url));
    this.ctx.acceptWebSocket(server, tags);
    await this.onConnect(server, tags);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Lifecycle hook: the tags a socket is accepted with, read from its upgrade URL. None by default. */
  protected tagsFor(_url: URL): string[] {
    return [];
  }

  /** Lifecycle hook: a socket was accepted with `tags`. Nothing is sent by default. */
  protected onConnect(_socket: WebSocket, _tags: readonly string[]): void | Promise<void> {}

  /** Sends a notice (`notices/index.ts`, already made into text) to every open socket; answers how many received it. */
  notice(text: string): { clients: number } {
    return { clients: this.broadcast(text) };
  }

  /** Sends `message` to every open socket of this channel and answers how many received it. */
  protected broadcast(message: string): number {
    return this.sendTo(this.ctx.getWebSockets(), message);
  }

  /** Sends `message` to each of `sockets` and answers how many received it. */
  protected sendTo(sockets: Iterable<WebSocket>, message: string): number {
    let clients = 0;
    for (const socket of sockets) {
      try {
        socket.send(message);
        clients++;
      } catch {
        // A socket closing at this moment is not an error of the push.
      }
    }
    return clients;
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
