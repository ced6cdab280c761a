import { AjvCompiler } from "@fastify/ajv-compiler";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { createAccessProbe } from "./adapters/index.ts";
import type { Config } from "./config/environment.ts";
import { attendanceRoutes } from "./features/attendance/index.ts";
import { courtRoutes } from "./features/courts/index.ts";
import { diagnosticsRoutes } from "./features/diagnostics/routes.ts";
import { linkRoutes } from "./features/links/index.ts";
import { scoresRoutes } from "./features/scores/index.ts";
import { scoresheetRoutes } from "./features/scoresheets/index.ts";
import { sessionRoutes } from "./features/sessions/routes.ts";
import { syncRoutes, visibilityRoutes } from "./features/sync/index.ts";
import { corsOriginFor } from "./http/cors-policy.ts";
import { installErrorHandler, rootOf, sendError, surfaceOf } from "./http/error-handler.ts";
import { healthRoutes } from "./http/health-routes.ts";
import { openApiOptions } from "./http/openapi.ts";
import { registerMethodNotAllowed, registerRoutes } from "./http/register-routes.ts";
import { lazyChildLogger, RequestLog } from "./http/request-log.ts";
import { paceRequests } from "./http/request-pacing.ts";
import type { RouteDefinition } from "./http/route.ts";
import {
  enforceStreamLimits,
  HTTP2_LIMITS,
  type Http2Limits,
  http2ServerOptions,
} from "./http/server-limits.ts";
import type { AccessProbe } from "./ports/access-probe.ts";
import type { DataRepository } from "./ports/data-repository.ts";
import type { LiveRelay } from "./ports/live-relay.ts";
import type { Spreadsheets } from "./ports/spreadsheet.ts";
import { preflightRoutes } from "./preflight/routes.ts";
import { createServices, type Services } from "./services.ts";
import { type Clock, systemClock } from "./shared/clock.ts";
import { AppError } from "./shared/errors.ts";

export const JSON_BODY_LIMIT = 64 * 1024;
export const UPLOAD_LIMIT = 5 * 1024 * 1024;
const FORM_DATA = "multipart/form-data";

export interface AppDeps {
  config: Config;
  spreadsheets: Spreadsheets;
  repository: DataRepository;
  liveRelay?: LiveRelay;
  /** What the preflight asks of the backends; default: the probe of the backends `config` names. */
  accessProbe?: AccessProbe;
  clock?: Clock;
  /** A pino logger; none means silent. */
  logger?: FastifyBaseLogger;
  /** The HTTP/2 limits; tests shorten the timeouts. Default `HTTP2_LIMITS`. */
  http2Limits?: Http2Limits;
}

/**
 * The routes' validators, compiled by one Ajv for every app of this process (Fastify's own default
 * makes one per app): a schema compiled once is found again by the next app built over it. One app
 * per process in production; the tests build hundreds, and compiling was a third of each build.
 */
const VALIDATORS = AjvCompiler();

/**
 * Makes the whole app over the given adapters, with no I/O: nothing listens until the caller does.
 * The server speaks cleartext HTTP/2 only (h2c, prior knowledge).
 * @example const app = await buildApp({ config, spreadsheets, repository }); await app.listen({ port });
 */

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const limits = deps.http2Limits ?? HTTP2_LIMITS;
  let frozenRoots = new Set<string>();
  const app = createServer(deps, limits, () => frozenRoots);
  const services = createServices(
    deps.config,
    {
      spreadsheets: deps.spreadsheets,
      repository: deps.repository,
      liveRelay: deps.liveRelay,
      accessProbe: deps.accessProbe ?? createAccessProbe(deps.config),
    },
    { clock: deps.clock ?? systemClock, logger: app.log },
  );
  const routes = routesOf(services, () => app.swagger());
  frozenRoots = new Set(routes.filter((route) => route.frozen).map((route) => rootOf(route.url)));
  installErrorHandler(app, frozenRoots);
  app.decorateReply("failure", null);
  // Declared up front so that every request object keeps one shape when a route's preValidation
  // sets it (Fastify's advice for request decorations); adding it later costs on every request.
  app.decorateRequest("principal", null);
  readBodiesAsTheyAre(app);
  const corsOrigin = corsOriginFor(deps.config.pagesUrl);
  await app.register(cors, {
    delegator: (request, callback) => callback(null, { ...CORS_OPTIONS, origin: corsOrigin(request) }),
  });
  await app.register(swagger, openApiOptions());
  await registerEveryRoute(app, routes, services.authenticate);
  app.addHook("onClose", () => services.close());
  if (deps.liveRelay) announceBeforeListening(app, services, deps.config.live.pushTimeoutMs);
  app.decorate("services", services);
  return app;
}

/**
 * The Fastify server over h2c with its bounds, its paced first requests, the request log, the
 * proxy hops and the router's refusals.
 */
function createServer(deps: AppDeps, limits: Http2Limits, frozenRoots: () => Set<string>): FastifyInstance {
  const app = Fastify({
    http2: true,
    // Stream, header and memory bounds per connection (`http/server-limits.ts`).
    http: http2ServerOptions(limits),
    http2SessionTimeout: limits.sessionIdleTimeoutMs,
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: JSON_BODY_LIMIT,
    // One line per request, and a request's logger made only when it logs (`http/request-log.ts`).
    logController: new RequestLog(),
    childLoggerFactory: lazyChildLogger,
    // Trust exactly TRUST_PROXY_HOPS hops (0 is the socket's peer). Fastify 5.12 reads a plain number
    // as "trust none" (it cannot check the peer), which would count every caller behind the proxy
    // as one client in the sign-in throttle; a function keeps the hop count.
    trustProxy:
      deps.config.trustProxyHops > 0
        ? (_address: string, hop: number) => hop < deps.config.trustProxyHops
        : false,
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
    schemaController: { compilersFactory: { buildValidator: VALIDATORS } },
    // Router-level refusals (a bad percent-encoding, an over-long path segment) get our error body too.
    frameworkErrors: (error: { code?: string }, request: FastifyRequest, reply: FastifyReply) =>
      sendError(
        request,
        reply,
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? new AppError("not_found", "no such path: a path segment is too long")
          : new AppError("bad_request", "the request path is not a valid URL"),
        surfaceOf(request, frozenRoots()),
      ),
  } as never) as unknown as FastifyInstance;
  // A burst of new connections' requests is let in a few per turn, not ahead of the open ones'.
  paceRequests(app.server as never);
  enforceStreamLimits(app.server as never, app.log, limits);
  return app;
}

/**
 * Bodies as they are: response schemas document the API and are never a serializer that trims;
 * JSON parsed from text (an empty body is no body), plain text refused.
 */
function readBodiesAsTheyAre(app: FastifyInstance): void {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.removeContentTypeParser("text/plain");
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) =>
    body === "" ? done(null, undefined) : parseJson(request, body as string, done),
  );
}

/** What the pages on another origin may send and read; the origin is per request (./http/cors-policy.ts). */
const CORS_OPTIONS = {
  methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
  allowedHeaders: ["Authorization", "Content-Type", "X-Sync-Secret", "X-Edit-At", "Accept", "X-Device-Proof"],
  exposedHeaders: [
    "X-App-Version",
    "X-Sync-Config",
    "Deprecation",
    "Link",
    "Content-Disposition",
    "Retry-After",
    "Allow",
  ],
  maxAge: 600,
};

/**
 * Registers every route, then the 405s of known paths. The multipart plugin hooks every request
 * of its scope (three hooks, two of them async), so only the routes that take a form are in that
 * scope; the others, `/ping` among them, skip it.
 */
async function registerEveryRoute(
  app: FastifyInstance,
  routes: RouteDefinition[],
  authenticate: Services["authenticate"],
): Promise<void> {
  const takesForm = (route: RouteDefinition) => route.consumes?.includes(FORM_DATA) === true;
  registerRoutes(
    app,
    routes.filter((route) => !takesForm(route)),
    authenticate,
  );
  await app.register(async (forms) => {
    await forms.register(multipart, {
      limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    registerRoutes(forms, routes.filter(takesForm), authenticate);
  });
  registerMethodNotAllowed(app, routes);
}

/**
 * With a relay, the registry is read at startup and its days announced before the service
 * listens, so the first page's socket is accepted (features/sync/day-announcer.ts). Bounded by
 * the push timeout: a relay or repository that does not answer delays startup no longer, and a
 * registry that cannot be read yet is read again by the first request, as without a relay.
 */
function announceBeforeListening(app: FastifyInstance, services: Services, timeoutMs: number): void {
  app.addHook("onReady", async () => {
    const announced = services.registry
      .get()
      .then(() => services.announcer.settled())
      .catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((done) => {
      timer = setTimeout(done, timeoutMs);
    });
    await Promise.race([announced, bound]);
    clearTimeout(timer);
  });
}

/** Every route declaration: health, sign-in, diagnostics, then each feature's `/v3` routes and frozen twins. */
function routesOf(services: Services, openApi: () => object): RouteDefinition[] {
  return [
    ...healthRoutes(services.registry, openApi),
    ...sessionRoutes(services.sessions, services.signedOut),
    ...diagnosticsRoutes(services.diagnostics),
    ...preflightRoutes(services.preflight),
    ...scoresheetRoutes(services.scoresheets),
    ...syncRoutes(services.sync, services.triggers),
    ...visibilityRoutes(services.visibility),
    ...scoresRoutes(services.scores, services.links.record),
    ...courtRoutes(services.courts),
    ...attendanceRoutes(services.attendance, services.links.record),
    ...linkRoutes(services.links, services.notices),
  ];
}

/** The services of an app made by `buildApp` (for tests and benchmarks). */
export function servicesOf(app: FastifyInstance): Services {
  return (app as unknown as { services: Services }).services;
}
