/**
 * The pages a desk or scorer link opens: `/desk/#<token>` and `/score/#<token>`, beside the page
 * that builds the link. The token travels in the fragment, never the query, so it never reaches a
 * server log or a `Referer`.
 */
import type { LinkKind } from "@tournament-ops/service/link-rules";

/** The page folder of each link kind. */
export const LINK_PAGE: Record<LinkKind, string> = { desk: "desk", scorer: "score" };

/**
 * The address a phone opens for a link.
 * @example linkPageUrl("desk", token, "http://192.168.1.20:8000/console/?day=open-sun") // "http://192.168.1.20:8000/desk/#<token>"
 */
export function linkPageUrl(kind: LinkKind, token: string, from: string = location.href): string {
  const url = new URL(`../${LINK_PAGE[kind]}/`, from);
  url.hash = token;
  return url.href;
}

/** True when an address only works on this computer (a phone scanning it would reach itself). */
export function isLoopbackAddress(address: string): boolean {
  const host = new URL(address).hostname;
  return host === "localhost" || host === "[::1]" || host.startsWith("127.");
}
