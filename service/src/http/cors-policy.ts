import type { FastifyRequest } from "fastify";

/**
 * Which origins the CORS answers name. Public reads (the pages' data, `/ping`) answer any origin
 * (`*`): they carry nothing a foreign page could misuse. A request that signs in, or carries a
 * token (an `Authorization` header, or a preflight asking to send one or a device proof), is
 * answered only for the pages' own origins: `PAGES_URL`'s, and the origin the request was
 * addressed to (the local stack, whose front serves the pages and the API from one origin). Any
 * other origin gets no `Access-Control-Allow-Origin`, so a page on another website cannot sign
 * in or use a token through a visitor's browser.
 * @example origin: corsOrigin(config.pagesUrl) // Fastify CORS's `origin` for one request
 */
export function corsOriginFor(pagesUrl: string | undefined) {
  const pagesOrigin = pagesUrl === undefined ? undefined : new URL(pagesUrl).origin;
  return (request: FastifyRequest): string | false => {
    const origin = request.headers.origin;
    if (!carriesCredentials(request)) return "*";
    if (origin === undefined) return false;
    return origin === pagesOrigin || isAddressedOrigin(origin, request) ? origin : false;
  };
}

/** The sign-in routes: `/v3/sessions` (and below it) and the frozen `/auth/login`. */
const SIGN_IN_PATHS = /^\/(?:v3\/sessions(?:[/?]|$)|auth\/login(?:\?|$))/;

function carriesCredentials(request: FastifyRequest): boolean {
  if (SIGN_IN_PATHS.test(request.url)) return true;
  if (request.headers.authorization !== undefined) return true;
  const asked = request.headers["access-control-request-headers"];
  return typeof asked === "string" && /\b(?:authorization|x-device-proof)\b/i.test(asked);
}

/** The origin names the host the request itself was sent to (same origin through the local front). */
function isAddressedOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    const { host } = new URL(origin);
    const addressed = [
      request.headers.host,
      request.headers[":authority"],
      request.headers["x-forwarded-host"],
    ];
    return addressed.some((value) => typeof value === "string" && value.toLowerCase() === host);
  } catch {
    return false;
  }
}
