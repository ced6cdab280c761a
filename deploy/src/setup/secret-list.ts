/**
 * Each secret in Secret Manager: the service variable it becomes, and where its value comes from
 * (the operator's password, hashed; random bytes; the GitHub token asked for).
 */
export const SECRETS = [
  { name: "auth-password-hash", variable: "AUTH_PASSWORD_HASH", source: "password" },
  { name: "auth-token-secret", variable: "AUTH_TOKEN_SECRET", source: 32 },
  { name: "sync-shared-secret", variable: "SYNC_SHARED_SECRET", source: 24 },
  { name: "live-push-secret", variable: "LIVE_PUSH_SECRET", source: 24 },
  { name: "data-repo-token", variable: "DATA_REPO_TOKEN", source: "github-token" },
] as const;
export type SecretName = (typeof SECRETS)[number]["name"];
