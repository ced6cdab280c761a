import { type PagesAddresses, pagesCsp } from "../../../front/src/csp.ts";

export type { PagesAddresses };

/**
 * The pages' Content-Security-Policy as a `<meta http-equiv>` can carry it: the one policy of
 * `front/src/csp.ts` (the local front sends it as a header) without `frame-ancestors`, which
 * browsers ignore in a `<meta>` (as they ignore `report-uri`/`report-to` and `sandbox`), so framing
 * is refused only by a host that sends headers (docs/deployment.md says which can).
 * @example pagesContentSecurityPolicy(config, "https://club.github.io/tournament-data/")
 */
export function pagesContentSecurityPolicy(addresses: PagesAddresses, pagesUrl: string): string {
  return pagesCsp(addresses, new URL("public/", pagesUrl).href, { frameAncestors: false });
}

/**
 * Puts the policy in a page's `<head>`, right after `<meta charset>`, before any script or style
 * it governs.
 * @throws Error when the page has no `<meta charset>` to anchor it (not a page of this build).
 */
export function withContentSecurityPolicy(html: string, policy: string): string {
  const anchor = /<meta charset="utf-8"\s*\/?>/i.exec(html);
  if (anchor === null) throw new Error("a page without <meta charset> cannot take the policy");
  const at = anchor.index + anchor[0].length;
  const attribute = policy.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return `${html.slice(0, at)}\n    <meta http-equiv="Content-Security-Policy" content="${attribute}" />${html.slice(at)}`;
}
