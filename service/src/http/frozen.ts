import type { TSchema } from "@sinclair/typebox";
import type { ErrorCode } from "../shared/errors.ts";
import type { AnswerReply, HandlerResult, RouteDefinition, RouteRequest } from "./route.ts";

/**
 * The frozen routes' `Deprecation` header: `@<unix seconds of the 3.0.0 release>`, one constant.
 * There is no `Sunset`: frozen routes are never removed.
 */
export const RELEASE_3_0_0_SECONDS = Date.UTC(2026, 10, 22) / 1000;

export const DEPRECATION_HEADER = `@${RELEASE_3_0_0_SECONDS}`;

/**
 * What a frozen twin declares about itself: its path, and only what the spec's frozen-route table
 * lists as its differences from the `/v3` route. Everything else (auth, errors, tags, schemas,
 * handler) is the `/v3` route's, so the two cannot drift apart.
 */
export interface FrozenTwin {
  url: string;
  method?: RouteDefinition["method"];
  /** Default: the `/v3` route's with `Frozen` (`syncDay` → `syncDayFrozen`); a route with two twins names them. */
  operationId?: string;
  /** Default: the `/v3` route's summary with ` (frozen)`. */
  summary?: string;
  /** `null`: the twin ignores any body. */
  body?: TSchema | null;
  bodyRequired?: boolean;
  params?: TSchema;
  querystring?: TSchema;
  response?: Record<number, TSchema>;
  produces?: readonly string[];
  negotiate?: boolean;
  /** The error codes its document lists, where the `/v3` route's list has grown since 3.0 (the twin's document stays as released). */
  errors?: readonly ErrorCode[];
}

/** A twin's schema where it declares one, else its `/v3` route's. */
type Own<X, Inherited extends TSchema> = X extends TSchema ? X : X extends null ? TSchema : Inherited;

/** The twin's own success schemas, when it declares them: its own handler's result is checked against them. */
type OwnResponse<X> = X extends Record<number, TSchema> ? X : Record<number, TSchema>;

/** How a twin behaves differently: its own handler, its own `Link` successor. */
export interface TwinBehaviour<
  B extends TSchema,
  P extends TSchema,
  Q extends TSchema,
  R extends Record<number, TSchema> = Record<number, TSchema>,
> {
  handler?(request: RouteRequest<B, P, Q>, reply: AnswerReply<R>): Promise<HandlerResult<R>> | undefined;
  /** Default: the `/v3` route's path with each `:name` filled in from the twin's parameter of the same name. */
  successor?(request: RouteRequest<B, P, Q>): string;
}

/** Encodes one path segment for a successor link. */
export const segment = (value: unknown) => encodeURIComponent(String(value));

/**
 * Derives a frozen route from its `/v3` route (see {@link FrozenTwin}); its handler and successor
 * are typed from the twin's own schemas where it declares them, else from the route's.
 * @example frozenTwin(mark, { url: "/v1/days/:day/facilities/:facility/attendance/:key", params: FrozenMarkParams }, { handler, successor });
 */
export function frozenTwin<B extends TSchema, P extends TSchema, Q extends TSchema, T extends FrozenTwin>(
  route: RouteDefinition<B, P, Q>,
  twin: T,
  behaviour: TwinBehaviour<
    Own<T["body"], B>,
    Own<T["params"], P>,
    Own<T["querystring"], Q>,
    OwnResponse<T["response"]>
  > = {},
): RouteDefinition<Own<T["body"], B>, Own<T["params"], P>, Own<T["querystring"], Q>> {
  type Twin = RouteDefinition<Own<T["body"], B>, Own<T["params"], P>, Own<T["querystring"], Q>>;
  const { url, operationId, summary, body, ...differences } = twin;
  const v3 = route as unknown as Twin;
  const fill = (request: { params: unknown }) =>
    route.url.replace(/:(\w+)/g, (_, name: string) =>
      segment((request.params as Record<string, unknown>)[name]),
    );
  return {
    ...v3,
    ...(differences as Partial<Twin>),
    url,
    operationId: operationId ?? `${route.operationId}Frozen`,
    summary: summary ?? `${route.summary} (frozen)`,
    body: body === null ? undefined : ((body as Twin["body"]) ?? v3.body),
    handler: (behaviour.handler as unknown as Twin["handler"] | undefined) ?? v3.handler,
    // A twin that declares its own success schemas takes none of the route's per media type.
    bodyByMediaType: twin.response === undefined ? v3.bodyByMediaType : undefined,
    frozen: { successor: behaviour.successor ?? fill },
  };
}
