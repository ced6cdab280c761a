/** Node's network error codes, as a person would say them. */
const NETWORK: Record<string, string> = {
  ENOTFOUND: "the name does not resolve (DNS)",
  EAI_AGAIN: "the name does not resolve (DNS)",
  ECONNREFUSED: "the connection was refused",
  ECONNRESET: "the connection was reset",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host cannot be reached",
  ENETUNREACH: "the network cannot be reached",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its TLS certificate is not trusted",
};

/**
 * Why a call never got an answer, in words, from the first known network error code in the
 * error's `cause` chain (fetch and Octokit wrap the socket's error) or an AggregateError's errors;
 * `undefined` when the error is no network failure.
 * @example networkCause(error) // "the connection was refused"
 */
export function networkCause(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 5) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && code in NETWORK) return NETWORK[code];
  for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const found = networkCause(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}
