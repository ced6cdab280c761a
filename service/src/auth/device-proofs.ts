import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/** How long a device proof is good for: a console used once a season keeps its own count. */
export const DEVICE_PROOF_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** The request header a console sends its kept proof in (allowed by CORS for the pages' origins). */
export const DEVICE_PROOF_HEADER = "x-device-proof";

/** The HKDF info of the proofs' key: never a token kind's, so a proof never verifies as a token. */
const KEY_INFO = "device-proof";
const MAX_PROOF_LENGTH = 200;

export interface DeviceProofs {
  /** A new proof for `deviceId` (a random one when not given), good until `now + DEVICE_PROOF_TTL_MS`. */
  issue(now: number, deviceId?: string): { proof: string; expiresAt: number };
  /** The device id of a proof this service signed that has not expired; undefined for anything else. */
  verify(proof: unknown, now: number): string | undefined;
}

/**
 * Device proofs as OWASP's "device cookies" describe them: after a correct sign-in the service
 * hands the browser `<deviceId>.<expiry>.<HMAC-SHA256>` (base64url, the key derived from
 * `AUTH_TOKEN_SECRET`); a sign-in that brings a valid one is throttled per device, not per address,
 * so failures by others behind the venue's one address never lock out a console that signed in before.
 * Without a secret nothing is issued and nothing verifies.
 * @example const { proof } = proofs.issue(now); proofs.verify(proof, now) // → the device id
 */
export function createDeviceProofs(secret: string | undefined): DeviceProofs {
  if (secret === undefined || secret === "")
    return { issue: () => ({ proof: "", expiresAt: 0 }), verify: () => undefined };
  const key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), KEY_INFO, 32));
  const mac = (body: string) => createHmac("sha256", key).update(body).digest();
  return {
    issue(now, deviceId = randomBytes(16).toString("base64url")) {
      const expiresAt = now + DEVICE_PROOF_TTL_MS;
      const body = `${deviceId}.${expiresAt}`;
      return { proof: `${body}.${mac(body).toString("base64url")}`, expiresAt };
    },
    verify(proof, now) {
      if (typeof proof !== "string" || proof.length > MAX_PROOF_LENGTH) return undefined;
      const [deviceId, expiry, signature, ...rest] = proof.split(".");
      if (!deviceId || !expiry || !signature || rest.length > 0 || !/^\d{1,15}$/.test(expiry))
        return undefined;
      const expected = mac(`${deviceId}.${expiry}`);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return Number(expiry) > now ? deviceId : undefined;
    },
  };
}
