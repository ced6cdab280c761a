import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import { type AppDeps, buildApp, servicesOf } from "../../src/app.ts";
import { hashPassword } from "../../src/auth/password.ts";
import { parseEnvironment } from "../../src/config/environment.ts";
import type { DataRepository } from "../../src/ports/data-repository.ts";
import type { Spreadsheets } from "../../src/ports/spreadsheet.ts";
import { REGISTRY_PATH } from "../../src/registry/store.ts";
import { type Clock, manualClock } from "../../src/shared/clock.ts";
import { AppError } from "../../src/shared/errors.ts";
import { type H2Response, h2c } from "./h2c.ts";
import { answerChecker, type OpenApiDocument } from "./openapi-answers.ts";
import { sampleRegistry } from "./registry-fixture.ts";

export const OPERATOR = { username: "operator", password: "shuttle-cock-42" };
export const SYNC_SECRET = "sync-secret-for-tests";
export const TOKEN_SECRET = "token-secret-for-tests-0123456789";

// A cheap scrypt cost keeps sign-in fast in tests; production hashes use ln=15.
const passwordHash = hashPassword(OPERATOR.username, OPERATOR.password, { ln: 10, r: 8, p: 1 });

/** Spreadsheets for tests that must not touch a workbook: every call fails loudly. */
export const noSpreadsheets: Spreadsheets = new Proxy({} as Spreadsheets, {
  get: () => async () => {
    throw new AppError("upstream_failure", "no spreadsheets in this test");
  },
});

export interface TestAppOptions {
  env?: Record<string, string>;
  /** The registry file to write; `null` writes none. Default: `sampleRegistry()`. */
  registry?: unknown;
  clock?: Clock;
  spreadsheets?: Spreadsheets;
  repository?: DataRepository;
  liveRelay?: AppDeps["liveRelay"];
  /** A pino logger; none means silent. */
  logger?: AppDeps["logger"];
  /** The HTTP/2 limits (tests shorten the timeouts). */
  http2Limits?: AppDeps["http2Limits"];
}

/**
 * The check of every answer against `/openapi.json`, made from the first app a process builds: its
 * routes are the code's (`routesOf` in app.ts takes no configuration), so every app of the process
 * declares the same document, and generating it again for each app was a third of the build
 * (54 ms of CPU an app before, 33–44 ms after).
 */
let checker: ReturnType<typeof answerChecker> | undefined;

/**
 * Builds the real app over a temporary data folder and listens on 127.0.0.1 over h2c.
 * @example const t = await startTestApp(); const res = await t.client.request("GET", "/ping"); await t.close();
 */
export async function startTestApp(options: TestAppOptions = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), "tops-data-"));
  const repository = options.repository ?? createDataFolder(dataDir);
  const registry = options.registry === undefined ? sampleRegistry() : options.registry;
  if (registry !== null) {
    const content = typeof registry === "string" ? registry : `${JSON.stringify(registry, null, 2)}\n`;
    await repository.write(
      REGISTRY_PATH,
      content,
      (await repository.read(REGISTRY_PATH))?.revision ?? null,
      "test",
    );
  }
  const { config, problems } = parseEnvironment({
    AUTH_PASSWORD_HASH: await passwordHash,
    AUTH_TOKEN_SECRET: TOKEN_SECRET,
    SYNC_SHARED_SECRET: SYNC_SECRET,
    DATA_DIR: dataDir,
    ...options.env,
  });
  if (!config) throw new Error(problems.join("; "));
  const clock = options.clock ?? manualClock("2026-11-21T02:00:00Z");
  const app: FastifyInstance = await buildApp({
    config,
    clock,
    spreadsheets: options.spreadsheets ?? noSpreadsheets,
    repository,
    liveRelay: options.liveRelay,
    logger: options.logger,
    http2Limits: options.http2Limits,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  checker ??= answerChecker(
    (await app.inject({ method: "GET", url: "/openapi.json" })).json() as OpenApiDocument,
  );
  const client = checkedAgainstOpenApi(h2c(url), checker);
  const services = servicesOf(app);
  return {
    app,
    services,
    url,
    client,
    clock,
    dataDir,
    repository,
    /** A fresh operator token, issued the way sign-in does. */
    operatorToken: () => services.signer.issueOperator(clock.now(), config.auth.tokenTtlMs).token,
    deskToken: (day: string, exp = clock.now() + 3_600_000, label: { to?: string; note?: string } = {}) =>
      services.signer.issueDayToken("desk", { exp, day, ...label }).token,
    scorerToken: (day: string, exp = clock.now() + 3_600_000, label: { to?: string; note?: string } = {}) =>
      services.signer.issueDayToken("scorer", { exp, day, ...label }).token,
    /** Writes now the snapshots waiting for their commit spacing, as the app's close does. */
    flushCommits: () => services.sync.close(),
    async close() {
      client.close();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The client with every answer checked against the app's /openapi.json (`openapi-answers.ts`): an
 * answer the document does not declare fails the request, and so the test that made it.
 */
export function checkedAgainstOpenApi(
  client: ReturnType<typeof h2c>,
  check: ReturnType<typeof answerChecker>,
): ReturnType<typeof h2c> {
  return {
    ...client,
    async request(method, path, options) {
      const answer: H2Response = await client.request(method, path, options);
      const contentType = answer.headers["content-type"];
      const problems = check(method, path, { status: answer.status, contentType, text: answer.text });
      if (problems.length > 0)
        throw new Error(`an answer /openapi.json does not declare:\n${problems.join("\n")}`);
      return answer;
    },
  };
}
