/**
 * The operator's session: the token from `POST /v3/sessions`, kept in this tab's storage
 * (`sessionStorage`: this tab only, gone when it closes), dropped at its expiry or on a 401, ended
 * on the service by signing out, and every operator call made with it. Whatever else the tab keeps
 * of the session (the links it issued) is forgotten with it. The device proof a sign-in answers is
 * kept in the browser's storage (`localStorage`, kept across tabs and restarts) and sent as
 * `X-Device-Proof` with the next sign-in, so this browser has its own count of failed sign-ins and
 * others' failures behind the venue's one address never lock it out.
 */
import { type Signal, signal } from "@preact/signals";
import { type Api, ApiError, call, createApi } from "../../lib/api/client.ts";
import type { Session } from "../../lib/api/types.ts";
import type { PageEnvironment } from "../../lib/environment.ts";
import { manilaClock, manilaWhen } from "../../lib/manila-time.ts";
import type { ConsoleApp } from "./app.ts";

const STORAGE_KEY = "tournament-ops.operator-session";
/** Where the browser keeps its device proof (`localStorage`); never cleared by signing out. */
const DEVICE_PROOF_KEY = "tournament-ops.device-proof";

export interface SessionStore {
  session: Signal<Session | undefined>;
  /** Why the operator was signed out, or why sign-in failed, in words. */
  signInProblem: Signal<string | undefined>;
  signingIn: Signal<boolean>;
  signingOut: Signal<boolean>;
  /** The `/v3` client with the operator's token. */
  api(): Api;
  /**
   * An operator call: its data, or an {@link ApiError}. A 401 means the session is no longer
   * valid, so the operator is signed out and told why.
   */
  operatorCall<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
  /** Signs in; a refusal (wrong password, or too many tries with the wait) lands in {@link SessionStore.signInProblem}. */
  signIn(username: string, password: string): Promise<void>;
  /**
   * Signs out: ends the session on the service (`PUT /v3/sessions/current/revocation`: the token is
   * refused on every instance within about a minute), then forgets it here. When the service cannot
   * be told, the tab forgets it all the same and says until when the token stays valid.
   */
  endSession(): Promise<void>;
  /** Forgets the token and all the tab keeps of the session; `reason` is shown on the sign-in screen. */
  signOut(reason?: string): void;
  /**
   * Runs `forget` whenever the operator is signed out, whatever the reason (signing out, expiry, a
   * 401), so nothing the tab keeps of the session outlives it.
   * @example session.onSignOut(links.forgetIssuedLinks);
   */
  onSignOut(forget: () => void): void;
  /** Signs the operator out once the token has expired (checked as the clock moves). */
  expireSession(at: number): void;
}

export function createSessionStore(env: PageEnvironment, app: ConsoleApp): SessionStore {
  const storage = env.tabStorage;
  const deviceStorage = env.storage;
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
  const signingOut = signal(false);
  /** What else the tab forgets when the operator is signed out (see `onSignOut`). */
  const forgetters: Array<() => void> = [];
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
    for (const forget of forgetters) forget();
  };
  return {
    session,
    signInProblem,
    signingIn,
    signingOut,
    api,
    async operatorCall(request) {
      try {
        return await call(request);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          signOut(
            "Your sign-in is no longer valid: it expired, it was signed out, or the operator password or the service's key changed. Sign in again.",
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
        const proof = deviceStorage?.getItem(DEVICE_PROOF_KEY) ?? undefined;
        const { deviceProof, ...answer } = await call(
          api().POST("/v3/sessions", {
            body: { username: username.trim(), password },
            headers: proof ? { "X-Device-Proof": proof } : {},
          }),
        );
        if (typeof deviceProof === "string") deviceStorage?.setItem(DEVICE_PROOF_KEY, deviceProof);
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
    async endSession() {
      const current = session.value;
      if (current === undefined || signingOut.value) return;
      signingOut.value = true;
      let reason =
        "You signed out. The desk and scorer links you issued keep working: revoke one under Links if it must stop.";
      try {
        await call(api().PUT("/v3/sessions/current/revocation"));
      } catch (error) {
        // A 401: the service no longer took this sign-in anyway.
        if (!(error instanceof ApiError && error.status === 401)) {
          const why = error instanceof Error ? error.message : String(error);
          reason = `You are signed out of this tab, but the service could not be told, so the sign-in stays valid until ${manilaClock(current.expiresAt, env.clock.now())}. ${why} Sign in and sign out again once the service answers.`;
        }
      } finally {
        signingOut.value = false;
      }
      signOut(reason);
    },
    signOut,
    onSignOut(forget) {
      forgetters.push(forget);
    },
    expireSession(at) {
      const current = session.value;
      if (current !== undefined && at >= current.expiresAt) {
        signOut(`Your sign-in expired ${manilaWhen(current.expiresAt, at)}. Sign in again.`);
      }
    },
  };
}
