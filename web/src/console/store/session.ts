/**
 * The operator's session: the token from `POST /v3/sessions`, kept in this tab's storage
 * (`sessionStorage`: this tab only, gone when it closes), dropped at its expiry or on a 401, and
 * every operator call made with it.
 */
import { type Signal, signal } from "@preact/signals";
import { type Api, ApiError, call, createApi } from "../../lib/api/client.ts";
import type { Session } from "../../lib/api/types.ts";
import { manilaTime } from "../../lib/manila-time.ts";
import type { PageEnvironment } from "../../lib/page/environment.ts";
import type { ConsoleApp } from "./app.ts";

const STORAGE_KEY = "tournament-ops.operator-session";

export interface SessionStore {
  session: Signal<Session | undefined>;
  /** Why the operator was signed out, or why sign-in failed, in words. */
  signInProblem: Signal<string | undefined>;
  signingIn: Signal<boolean>;
  /** The `/v3` client with the operator's token. */
  api(): Api;
  /**
   * An operator call: its data, or an {@link ApiError}. A 401 means the session is no longer
   * valid, so the operator is signed out and told why.
   */
  operatorCall<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
  /** Signs in; a refusal (wrong password, or too many tries with the wait) lands in {@link SessionStore.signInProblem}. */
  signIn(username: string, password: string): Promise<void>;
  /** Forgets the token; `reason` is shown on the sign-in screen. */
  signOut(reason?: string): void;
  /** Signs the operator out once the token has expired (checked as the clock moves). */
  expireSession(at: number): void;
}

export function createSessionStore(env: PageEnvironment, app: ConsoleApp): SessionStore {
  const storage = env.tabStorage;
  const stored = (): Session | undefined => {
    try {
      const value = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "null") as Session | null;
      if (value && typeof value.token === "string" && value.expiresAt > env.clock.now()) return value;
    } catch {}
    storage?.removeItem(STORAGE_KEY);
    return undefined;
  };
  const session = signal<Session | undefined>(stored());
  const signInProblem = signal<string | undefined>(undefined);
  const signingIn = signal(false);
  let client: Api | undefined;

  const api = (): Api => {
    const settings = app.config.value;
    if (settings === undefined) throw new ApiError("The console has not started yet.", 0, undefined);
    client ??= createApi(settings.apiUrl, env.fetch, () => session.value?.token);
    return client;
  };
  const signOut = (reason?: string) => {
    storage?.removeItem(STORAGE_KEY);
    session.value = undefined;
    signInProblem.value = reason;
  };
  return {
    session,
    signInProblem,
    signingIn,
    api,
    async operatorCall(request) {
      try {
        return await call(request);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          signOut(
            "Your sign-in is no longer valid (it expired, or the service's key changed). Sign in again.",
          );
        }
        throw error;
      }
    },
    async signIn(username, password) {
      if (username.trim() === "" || password === "") {
        signInProblem.value = "Enter the operator's username and password.";
        return;
      }
      signingIn.value = true;
      signInProblem.value = undefined;
      try {
        const answer = await call(
          api().POST("/v3/sessions", { body: { username: username.trim(), password } }),
        );
        storage?.setItem(STORAGE_KEY, JSON.stringify(answer));
        session.value = answer;
        app.now.value = env.clock.now();
      } catch (error) {
        signInProblem.value =
          error instanceof ApiError && error.status === 401
            ? "The username or password is not right. Check them and try again."
            : error instanceof Error
              ? error.message
              : String(error);
      } finally {
        signingIn.value = false;
      }
    },
    signOut,
    expireSession(at) {
      const current = session.value;
      if (current !== undefined && at >= current.expiresAt) {
        signOut(`Your sign-in expired at ${manilaTime(current.expiresAt)}. Sign in again.`);
      }
    },
  };
}
