/**
 * A WebSocket that comes back: after a close, a failed open or an open that does not finish
 * within {@link OPEN_TIMEOUT_MS}, it reconnects with exponential backoff and jitter (1 s, 2 s, 4 s
 * … at most 30 s), at once when the phone comes back online or the page back into view, and it
 * notices a silently dead connection (venue Wi-Fi, a phone that slept) with the relay's free
 * `ping`/`pong`.
 */
import type { PageEnvironment } from "../environment.ts";

/** What a socket takes from the page: WebSockets, the timers, and the connection's news. */
export type SocketEnvironment = Pick<PageEnvironment, "openSocket" | "clock" | "connection">;

export interface SocketHandlers {
  /** A text message (never the relay's `pong`). */
  message(text: string): void;
  /** The socket is open (again). */
  open?(): void;
  /** The socket closed or could not open; `failures` counts them since the last open. */
  down?(failures: number): void;
}

export interface SocketOptions {
  /** Delay before reconnect attempt `failures` (1, 2, …); the default backs off from 1 s to 30 s. */
  backoff?: (failures: number) => number;
  /** How often an open socket sends `ping`; no `pong` within the same time means it is dead. */
  keepAliveMs?: number;
}

export interface ReconnectingSocket {
  /** Drops the current socket (if any) and opens a new one now. */
  reconnect(): void;
  /** Closes for good. */
  close(): void;
}

export const KEEP_ALIVE_MS = 25_000;
/** An opening handshake still unanswered after this is given up, and tried again as a failed open. */
export const OPEN_TIMEOUT_MS = 20_000;
/**
 * After reading a message the page pings, at most this often: the relay counts what it sent since
 * the last ping and closes a socket that leaves more than 128 KiB unread past the first message
 * since then (relay/src/socket-limits.ts), about two minutes of a busy day's messages.
 */
export const READ_ACK_MS = 1_000;

/** The default backoff: 1 s doubling to 30 s, each between half and all of it (jitter spreads a hall's phones). */
export function backoffMs(failures: number): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return ceiling * (0.5 + Math.random() / 2);
}

/**
 * Opens `url` and keeps it open until {@link ReconnectingSocket.close}.
 * @example const socket = openReconnectingSocket("wss://relay.example/live/open/day-1?changes=1", { message: show }, env);
 */
export function openReconnectingSocket(
  url: string,
  handlers: SocketHandlers,
  env: SocketEnvironment,
  options: SocketOptions = {},
): ReconnectingSocket {
  const { clock, connection } = env;
  const backoff = options.backoff ?? backoffMs;
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  let socket: WebSocket | undefined;
  let failures = 0;
  let closed = false;
  let retryTimer: unknown;
  let keepAlive: unknown;
  let answered = true;
  let ackedAt = Number.NEGATIVE_INFINITY;
  let ackTimer: unknown;
  let openTimer: unknown;

  const connect = () => {
    clock.clearTimeout(retryTimer);
    retryTimer = undefined;
    clock.clearTimeout(openTimer);
    const current = env.openSocket(url);
    socket = current;
    // A handshake that stalls (a proxy that never answers) would otherwise never be tried again.
    openTimer = clock.setTimeout(() => {
      if (socket === current) current.close();
    }, OPEN_TIMEOUT_MS);
    current.onopen = () => {
      clock.clearTimeout(openTimer);
      failures = 0;
      answered = true;
      keepAlive = clock.setInterval(() => {
        if (!answered) return current.close();
        answered = false;
        current.send("ping");
      }, keepAliveMs);
      handlers.open?.();
    };
    /** Tells the relay the messages are read (its free `ping`), at most once per {@link READ_ACK_MS}. */
    const ack = () => {
      ackTimer = undefined;
      if (socket !== current) return;
      ackedAt = clock.now();
      current.send("ping");
    };
    current.onmessage = (event) => {
      answered = true;
      if (typeof event.data !== "string" || event.data === "pong") return;
      handlers.message(event.data);
      if (ackTimer !== undefined) return;
      const wait = ackedAt + READ_ACK_MS - clock.now();
      if (wait <= 0) ack();
      else ackTimer = clock.setTimeout(ack, wait);
    };
    current.onclose = () => {
      if (socket !== current) return;
      clock.clearTimeout(openTimer);
      clock.clearInterval(keepAlive);
      socket = undefined;
      if (closed) return;
      failures++;
      handlers.down?.(failures);
      retryTimer = clock.setTimeout(connect, backoff(failures));
    };
  };

  const retryNow = () => {
    if (!closed && socket === undefined) connect();
  };
  const stopListening = [
    connection.onOnlineChange(() => {
      if (connection.online()) retryNow();
    }),
    connection.onVisible(retryNow),
  ];
  connect();

  const drop = () => {
    const current = socket;
    socket = undefined;
    clock.clearInterval(keepAlive);
    current?.close();
  };
  return {
    reconnect() {
      if (closed) return;
      drop();
      connect();
    },
    close() {
      closed = true;
      clock.clearTimeout(retryTimer);
      clock.clearTimeout(openTimer);
      for (const stop of stopListening) stop();
      drop();
    },
  };
}
