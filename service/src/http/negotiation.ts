import type { IncomingHttpHeaders } from "node:http";
import Negotiator from "negotiator";

/** Whether the request's `Accept` allows one of the media types; no `Accept` allows anything. */
export function acceptsOneOf(headers: IncomingHttpHeaders, available: readonly string[]): string | undefined {
  const accept = headers.accept?.trim();
  // Most clients send nothing or `*/*`: answer them without parsing.
  if (accept === undefined || accept === "" || accept === "*/*") return available[0];
  return new Negotiator({ headers }).mediaType([...available]) ?? undefined;
}

/** The bare media type of a `Content-Type` header, lower-cased. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === "" ? undefined : type;
}
