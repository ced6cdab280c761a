/**
 * The day's link list in the data repository, `<event>/data/<day>.links.json`, beside the day's
 * snapshot (a day key holds no dot, so the name can never be another day's snapshot). It is served
 * publicly by the static host like the snapshot, so it holds digests and labels only, never a
 * token (docs/links.md says what a reader learns).
 *
 * @example
 * { "version": 1, "day": "open-sun", "links": [{ "linkId": "q3Xr…", "kind": "desk",
 *   "issuedTo": "Front desk", "note": "Rizal Hall", "issuedAt": 1764370000000,
 *   "expiresAt": 1764432000000, "lastUsedAt": null, "revokedAt": null }] }
 */
import type { Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { DayRef } from "../../registry/types.ts";
import type { ListKind } from "../../repository/held-lists.ts";
import { LinkSchema } from "./schemas.ts";

export const LINK_FILE_VERSION = 1;

/**
 * One issued link, as the list route answers it (`LinkSchema`): times are epoch milliseconds,
 * like `expiresAt` in the issue answers; `issuedAt` is `null` for a link first seen in use
 * (issued before this list existed); `linkId` is the SHA-256 of the token (`auth/link-id.ts`).
 */
export type LinkEntry = Static<typeof LinkSchema>;

export interface LinkFile {
  version: typeof LINK_FILE_VERSION;
  day: string;
  links: LinkEntry[];
}

/** Where a day's link list lives. */
export const linkFilePath = (ref: Pick<DayRef, "eventKey" | "dayKey">) =>
  `${ref.eventKey}/data/${ref.dayKey}.links.json`;

export const emptyLinkFile = (day: string): LinkFile => ({ version: LINK_FILE_VERSION, day, links: [] });

/**
 * Reads a stored list. A file that is not one (hand-edited, another version) is refused with
 * `undefined`: the caller must not overwrite it, and must not guess which links were revoked.
 */
export function parseLinkFile(content: string): LinkFile | undefined {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const file = value as Partial<LinkFile>;
  if (file.version !== LINK_FILE_VERSION || typeof file.day !== "string" || !Array.isArray(file.links))
    return undefined;
  return file.links.every(isEntry) ? (file as LinkFile) : undefined;
}

/** An entry of a stored list: the listed link's own schema (times as whole epoch milliseconds). */
const isEntry = (value: unknown): value is LinkEntry => Value.Check(LinkSchema, value);

/** A day's link list as a revocation list: the links it revokes, by `linkId`. */
export const LINK_LIST: ListKind<LinkFile> = {
  name: "a link list",
  parse: parseLinkFile,
  revoked: (file) => file.links.filter((l) => l.revokedAt !== null).map((l) => l.linkId),
};

/** The file's text: one link per line, so a commit's diff shows which link changed. */
export function formatLinkFile(file: LinkFile): string {
  const links = file.links.map((link) => `    ${JSON.stringify(link)}`).join(",\n");
  return `{\n  "version": ${file.version},\n  "day": ${JSON.stringify(file.day)},\n  "links": [${links === "" ? "" : `\n${links}\n  `}]\n}\n`;
}
