import {
  type ClientHttp2Session,
  type ClientHttp2Stream,
  connect,
  type OutgoingHttpHeaders,
} from "node:http2";

/** Streams one session carries at most: the service announces 100 (and no more is used before it does). */
const STREAMS_PER_SESSION = 100;

interface Member {
  session: ClientHttp2Session;
  active: number;
  /** False once the service sent GOAWAY: its streams finish, no new one starts on it. */
  usable: boolean;
}

/**
 * h2c sessions to the service, opened as they are needed, up to `maxSessions`. A request goes on
 * the least busy session that has a free stream, so a client holding streams (a slow upload) makes
 * another session open rather than queue everyone else's calls behind its own; node's client would
 * otherwise hold each request past the service's stream limit in a queue no one sees.
 * `reserved` of the streams are kept for calls that carry a token ({@link UpstreamPool.request}'s
 * `kept`): everyone else together never holds more than the rest.
 * @example const pool = new UpstreamPool("http://127.0.0.1:8080", 8, 200); const stream = pool.request(headers, false);
 */
export class UpstreamPool {
  #members: Member[] = [];
  #active = 0;

  readonly target: string;
  maxSessions: number;
  readonly reserved: number;
  constructor(target: string, maxSessions: number, reserved = 0) {
    this.target = target;
    this.maxSessions = maxSessions;
    this.reserved = reserved;
  }

  /**
   * A stream for `headers`, or `undefined` when every session's streams are taken (for a call
   * that may not use the kept streams, `kept` false: when all but those are taken).
   * @throws Error when a session cannot be made.
   */
  request(headers: OutgoingHttpHeaders, kept = false): ClientHttp2Stream | undefined {
    if (!kept && this.#active >= this.maxSessions * STREAMS_PER_SESSION - this.reserved) return undefined;
    this.#members = this.#members.filter(({ session }) => !session.closed && !session.destroyed);
    let chosen: Member | undefined;
    for (const member of this.#members) {
      if (!member.usable || member.active >= limit(member.session)) continue;
      if (chosen === undefined || member.active < chosen.active) chosen = member;
    }
    if (chosen === undefined && this.#members.length < this.maxSessions) chosen = this.#open();
    if (chosen === undefined) return undefined;
    const member = chosen;
    const stream = member.session.request(headers, { endStream: false });
    member.active++;
    this.#active++;
    stream.once("close", () => {
      member.active--;
      this.#active--;
      if (!member.usable && member.active === 0) member.session.close();
    });
    return stream;
  }

  /** Streams open now, on every session. */
  get active(): number {
    return this.#active;
  }

  /** Sessions open now (for tests and diagnostics). */
  get sessions(): number {
    return this.#members.length;
  }

  /**
   * Opens no more sessions' streams and closes each session once its last stream is done, so a
   * service that is stopping drains the calls in flight instead of waiting on idle sessions.
   */
  drain(): void {
    this.maxSessions = 0;
    for (const member of this.#members) {
      member.usable = false;
      if (member.active === 0) member.session.close();
    }
  }

  close(): void {
    for (const { session } of this.#members) session.destroy();
    this.#members = [];
  }

  #open(): Member {
    const member: Member = { session: connect(this.target), active: 0, usable: true };
    // An error reaches every open stream as well; the session just leaves the pool.
    member.session.on("error", () => {});
    // A service that is stopping sends GOAWAY: its last streams finish, then the session is closed
    // here, so the service's drain does not wait for its idle time-out.
    member.session.once("goaway", () => {
      member.usable = false;
      if (member.active === 0) member.session.close();
    });
    member.session.once("close", () => {
      this.#members = this.#members.filter((other) => other !== member);
    });
    // Sessions never keep the process alive: the front's own server does.
    member.session.unref();
    this.#members.push(member);
    return member;
  }
}

function limit(session: ClientHttp2Session): number {
  return Math.min(session.remoteSettings.maxConcurrentStreams ?? STREAMS_PER_SESSION, STREAMS_PER_SESSION);
}
