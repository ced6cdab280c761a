import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { Bindings, ChildLoggerOptions } from "pino";
import type { ErrorCode } from "../shared/errors.ts";

declare module "fastify" {
  interface FastifyReply {
    /** Why the request failed, for its log line (set by the error handler). */
    failure: { code: ErrorCode; cause?: unknown } | null;
  }
}

/** Health checks answered 200 are not logged: the platform logs requests itself, and they would flood the log. */
const QUIET = "/ping";

/**
 * One log line per request, written when its response is finished (Fastify's own two lines,
 * `incoming request` and `request completed`, are replaced): the request id (`reqId`), method,
 * path, status, time in ms and, for an error, its code. A 5xx, or a stream that failed after its
 * headers, is logged at error level with its cause; a request whose client went away before its
 * answer was written, and a 503 `service_busy`, at warn; `GET /ping` answered 200 is not logged at all.
 * It is Fastify's own extension point for its request log lines, so it adds no hook to a request.
 * @example Fastify({ logController: new RequestLog() }); // {"reqId":"req-1","method":"GET","path":"/v3/…","status":200,"ms":3.1,"msg":"request"}
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  /** A stream that broke after its headers is logged in the request's one line instead. */
  override streamError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.failure ??= { code: "internal_error", cause: error };
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    if (status === 200 && request.routeOptions.url === QUIET) return;
    const failure = reply.failure ?? (error ? { code: "internal_error", cause: error } : null);
    const line = {
      method: request.method,
      path: request.url.split("?")[0],
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(failure ? { code: failure.code } : {}),
    };
    // A client that went away (reset its stream, or stalled past the body timeout) is not the
    // service's failure, whatever was thrown when its upload broke off.
    if (request.raw.aborted || !reply.raw.writableFinished) {
      request.log.warn({ ...line, status: undefined, aborted: true }, "request aborted by the client");
    } else if (failure?.code === "service_busy" && status === 503) {
      // Load shed on purpose (a full queue, or the spreadsheet service's own 429s): no stack to read.
      request.log.warn(line, "request refused: busy");
    } else if (status >= 500 || (failure !== null && status < 400)) {
      // A failure on a 2xx is a stream that broke after its headers were sent.
      request.log.error({ ...line, err: failure?.cause }, "request failed");
    } else request.log.info(line, "request");
  }
}

/**
 * A request's logger, made only when the request logs something: Fastify gives every request a
 * child logger, and making a pino child (its bindings serialised) costs more than answering
 * `GET /ping`, which logs nothing.
 * @example Fastify({ childLoggerFactory: lazyChildLogger });
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger;
}

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

class LazyChild {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get level(): string {
    return this.#parent.level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.#log("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#log("error", args);
  }
  warn(...args: unknown[]): void {
    this.#log("warn", args);
  }
  info(...args: unknown[]): void {
    this.#log("info", args);
  }
  debug(...args: unknown[]): void {
    this.#log("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#log("trace", args);
  }
  silent(): void {}

  #log(level: Level, args: unknown[]): void {
    // A line below the level is dropped before the child is made (pino's `isLevelEnabled`).
    const enabled = (this.#parent as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    if (enabled && !enabled.call(this.#parent, level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }
}
