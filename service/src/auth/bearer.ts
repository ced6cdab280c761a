import type { IncomingHttpHeaders } from "node:http";

/**
 * The token of an `Authorization: Bearer <token>` header (the scheme in any case, one or more
 * spaces, no space in the token), or `undefined` when the header is absent or of another form.
 * The service's guard and the local stack's front both read bearer tokens with this.
 * @example bearerToken({ authorization: "Bearer abc.def" }) // "abc.def"
 */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  return /^Bearer[ ]+(\S+)\s*$/i.exec(headers.authorization ?? "")?.[1];
}
