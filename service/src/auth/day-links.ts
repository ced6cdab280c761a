import { type Static, Type } from "@sinclair/typebox";
import type { LinkKind, LinkLabel } from "../shared/link-rules.ts";
import type { TokenSigner } from "./tokens.ts";

const Label = Type.Union([Type.String(), Type.Null()]);

/**
 * A desk or scorer link as issued: its token, expiry, day and labels; the `/v3` issue answers it
 * with its `linkId` (`features/links/issue-routes.ts`), the frozen `/v1` one with the first three.
 */
export const IssuedDayLink = Type.Object({
  token: Type.String(),
  expiresAt: Type.Integer({ description: "epoch milliseconds" }),
  day: Type.String(),
  issuedTo: Label,
  note: Label,
});
export type DayLink = Static<typeof IssuedDayLink>;

/**
 * Adds an issued link to its day's link list (`features/links/`), so it can be seen and revoked,
 * and answers the link's id there.
 */
export type RecordLink = (kind: LinkKind, link: DayLink) => Promise<string>;

/**
 * Signs a desk or scorer link for a day, valid until `exp`, with its labels.
 * @example issueDayLink(signer, "scorer", "open-sat", now + 86_400_000, { issuedTo: "Ana", note: null });
 */
export function issueDayLink(
  signer: TokenSigner,
  kind: LinkKind,
  day: string,
  exp: number,
  label: LinkLabel,
): DayLink {
  const { token, expiresAt } = signer.issueDayToken(kind, { exp, day, to: label.issuedTo, note: label.note });
  return { token, expiresAt, day, ...label };
}
