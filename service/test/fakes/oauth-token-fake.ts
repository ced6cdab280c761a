import { createPublicKey, createVerify, generateKeyPairSync, type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson } from "./http-server.ts";

/** The audience google-auth-library signs a key's assertion for: Google's token endpoint. */
const AUDIENCE = "https://oauth2.googleapis.com/token";

/** A service account's key that Google knows (its public half), and the access token it earns. */
export interface KnownKey {
  publicKey: KeyObject;
  token: string;
}

const invalidGrant = (description: string) => ({ error: "invalid_grant", error_description: description });

const decoded = (part: string | undefined) =>
  JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8"));

/**
 * Google's OAuth 2.0 token endpoint for service accounts (`POST /token`, the JWT bearer grant of
 * RFC 7523, as Google documents it for server-to-server applications): the assertion's RS256
 * signature is checked against the key Google holds for its `iss`; a key it does not hold (made
 * up, deleted, disabled) is `400 invalid_grant` "Invalid JWT Signature.", as Google answers.
 * @example if (url.pathname === "/token") return tokenEndpoint(req, res, keys);
 */
export async function tokenEndpoint(
  req: IncomingMessage,
  res: ServerResponse,
  keys: ReadonlyMap<string, KnownKey>,
): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
    return sendJson(res, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type." });
  const [header, payload, signature = ""] = (form.get("assertion") ?? "").split(".");
  let claims: { iss?: string; aud?: string; exp?: number; scope?: string };
  try {
    if (decoded(header).alg !== "RS256") throw new Error("alg");
    claims = decoded(payload);
  } catch {
    return sendJson(
      res,
      400,
      invalidGrant("Invalid JWT: Token must be a short-lived token and in a reasonable timeframe."),
    );
  }
  const known = keys.get(claims.iss ?? "");
  const verifier = createVerify("RSA-SHA256").update(`${header}.${payload}`);
  if (!known || !verifier.verify(known.publicKey, Buffer.from(signature, "base64url")))
    return sendJson(res, 400, invalidGrant("Invalid JWT Signature."));
  if (claims.aud !== AUDIENCE || (claims.exp ?? 0) * 1000 < Date.now())
    return sendJson(
      res,
      400,
      invalidGrant("Invalid JWT: Token must be a short-lived token and in a reasonable timeframe."),
    );
  sendJson(res, 200, { access_token: known.token, expires_in: 3599, token_type: "Bearer" });
}

/**
 * A service account's JSON key file as Google Cloud's console downloads it, with a freshly made
 * key pair; `publicKey` is what the fake's token endpoint is given to know it by.
 * @example const { file, publicKey } = serviceAccountKey("sa@p.iam.gserviceaccount.com");
 */
export function serviceAccountKey(email: string) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const file = {
    type: "service_account",
    project_id: email.split("@")[1]?.split(".")[0] ?? "project",
    private_key_id: "0123456789abcdef",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: email,
    client_id: "100000000000000000000",
    auth_uri: "https://accounts.google.com/o/oauth2/auth",
    token_uri: AUDIENCE,
    universe_domain: "googleapis.com",
  };
  return { file, publicKey: createPublicKey(publicKey.export({ type: "spki", format: "pem" })) };
}
