import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { AppContext } from "./app-context.ts";
import { createAuthenticator } from "./auth/guard.ts";
import { sessionRoutes } from "./auth/session-routes.ts";
import { SignInThrottle } from "./auth/sign-in-throttle.ts";
import { createTokenSigner } from "./auth/tokens.ts";
import type { Config } from "./config/environment.ts";
import { FEATURE_ROUTES } from "./features/index.ts";
import { LinkBook } from "./features/links/index.ts";
import { createSyncService } from "./features/sync/index.ts";
import { installErrorHandler, sendError } from "./http/error-handler.ts";
import { healthRoutes } from "./http/health-routes.ts";
import { openApiOptions } from "./http/openapi.ts";
import { registerMethodNotAllowed, registerRoutes } from "./http/register-routes.ts";
import type { RouteDefinition } from "./http/route.ts";
import type { DataRepository } from "./ports/data-repository.ts";
import type { LiveRelay } from "./ports/live-relay.ts";
import type { Spreadsheets } from "./ports/spreadsheet.ts";
import { diagnosticsRoutes } from "./registry/diagnostics-routes.ts";
import { RegistryStore } from "./registry/store.ts";
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
  clock?: Clock;
  /** A pino logger; none means silent. */
  logger?: FastifyBaseLogger;
}

/**
 * Makes the whole app over the given adapters, with no I/O: nothing listens until the caller does.
 * The server speaks cleartext HTTP/2 only (h2c, prior knowledge).
 * @example const app = await buildApp({ config, spreadsheets, repository }); await app.listen({ port });
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    http2: true,
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: deps.config.trustProxyHops > 0 ? deps.config.trustProxyHops : false,
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
    // Router-level refusals (a bad percent-encoding, an over-long path segment) get our error body too.
    frameworkErrors: (error: { code?: string }, request: FastifyRequest, reply: FastifyReply) =>
      sendError(
        request,
        reply,
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? new AppError("not_found", "no such path: a path segment is too long")
          : new AppError("bad_request", "the request path is not a valid URL"),
      ),
  } as never) as unknown as FastifyInstance;

  const clock = deps.clock ?? systemClock;
  const signer = createTokenSigner(deps.config.auth.tokenSecret);
  const registry = new RegistryStore({
    repository: deps.repository,
    ttlMs: deps.config.registryTtlMs,
    clock,
    logger: app.log,
  });
  const links = new LinkBook({
    repository: deps.repository,
    registry,
    clock,
    ttlMs: deps.config.registryTtlMs,
    logger: app.log,
  });
  const ctx: AppContext = {
    config: deps.config,
    clock,
    logger: app.log,
    spreadsheets: deps.spreadsheets,
    repository: deps.repository,
    liveRelay: deps.liveRelay,
    registry,
    signer,
    authenticate: createAuthenticator({
      signer,
      syncSecret: deps.config.auth.syncSharedSecret,
      clock,
      admitLink: (link) => links.admit(link),
    }),
    signInThrottle: new SignInThrottle(),
    links,
    afterFacilitySync: [],
    diagnostics: new Map(),
    onClose: [() => links.close()],
  };

  ctx.sync = createSyncService(ctx);

  installErrorHandler(app);
  // Declared up front so that every request object keeps one shape when a route's preValidation
  // sets it (Fastify's advice for request decorations); adding it later costs on every request.
  app.decorateRequest("principal", null);
  // Response schemas document the API; bodies are written as they are, never trimmed by a serializer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.removeContentTypeParser("text/plain");
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) =>
    body === "" ? done(null, undefined) : parseJson(request, body as string, done),
  );
  await app.register(cors, {
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type", "X-Sync-Secret", "X-Edit-At", "Accept"],
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
  });
  await app.register(swagger, openApiOptions());

  const routes = [
    ...healthRoutes(ctx, () => app),
    ...sessionRoutes(ctx),
    ...diagnosticsRoutes(ctx),
    ...FEATURE_ROUTES.flatMap((feature) => feature(ctx)),
  ];
  const takesForm = (route: RouteDefinition) => route.consumes?.includes(FORM_DATA) === true;
  registerRoutes(
    app,
    routes.filter((route) => !takesForm(route)),
    ctx.authenticate,
  );
  // The multipart plugin hooks every request of its scope (three hooks, two of them async), so
  // only the routes that take a form are in that scope; the others, `/ping` among them, skip it.
  await app.register(async (forms) => {
    await forms.register(multipart, {
      limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    registerRoutes(forms, routes.filter(takesForm), ctx.authenticate);
  });
  registerMethodNotAllowed(app, routes);
  app.addHook("onClose", async () => {
    for (const close of ctx.onClose) await close();
  });
  app.decorate("context", ctx);
  return app;
}

/** The context of an app made by `buildApp` (for tests and the composition root). */
export function contextOf(app: FastifyInstance): AppContext {
  return (app as unknown as { context: AppContext }).context;
}
