import { Type } from "@sinclair/typebox";
import { Nullable } from "../../http/schemas.ts";

export const LinkParams = Type.Object({ day: Type.String(), linkId: Type.String() });

const time = (description: string) =>
  Nullable(Type.Integer({ description: `${description}; epoch milliseconds` }));

/** One issued link as the operator sees it: never its token. */
export const LinkSchema = Type.Object({
  linkId: Type.String({ description: "SHA-256 of the link's token, base64url" }),
  kind: Type.Union([Type.Literal("desk"), Type.Literal("scorer")]),
  issuedTo: Nullable(Type.String()),
  note: Nullable(Type.String()),
  issuedAt: time("when it was issued; null for a link first seen in use"),
  expiresAt: Type.Integer({ description: "epoch milliseconds" }),
  lastUsedAt: time("its newest use, written every few minutes; null when never used"),
  revokedAt: time("when it was revoked; null while it works"),
});

export const LinkListSchema = Type.Object({ day: Type.String(), links: Type.Array(LinkSchema) });

export const RevocationSchema = Type.Object({
  day: Type.String(),
  link: LinkSchema,
  changed: Type.Boolean({ description: "false when the link was already revoked" }),
});
