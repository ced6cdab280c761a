/**
 * The operator's session: the token from `POST /v3/sessions`, kept in `sessionStorage` (this tab
 * only, gone when it closes), dropped at its expiry or on a 401, ended on the service by signing
 * out, and every operator call made with it. Whatever else the tab keeps of the session (the
 * links it issued) is forgotten with it.
 */
import { signal } from "@preact/signals";
import { type Api, ApiError, call, createApi } from "../../lib/api/client.ts";
import type { Session } from "../../lib/api/types.ts";
import { manilaTime } from "../../lib/manila-time.ts";
import { config, now } from "./app.ts";

const STORAGE_KEY = "tournament-ops.operator-session";

export const session = signal<Session | undefined>(stored());
/** Why the operator was signed out, or why sign-in failed, in words. */
export const signInProblem = signal<string | undefined>(undefined);
export const signingIn = signal(false);
export const signingOut = signal(false);
/** What else the tab forgets when the operator is signed out (see {@link onSignOut}). */
const forgetters: Array<() => void> = [];

let client: Api | undefined;

/** The `/v3` client with the operator's token. */
export function api(): Api {
  const settings = config.value;
  if (settings === undefined) throw new ApiError("The console has not started yet.", 0, undefined);
  client ??= createApi(settings.apiUrl, () => session.value?.token);
  return client;
}

/**
 * An operator call: its data, or an {@link ApiError}. A 401 means the session is no longer
 * valid, so the operator is signed out and told why.
 */
export async function operatorCall<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
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
}

/** Signs in; a refusal (wrong password, or too many tries with the wait) lands in {@link signInProblem}. */
export async function signIn(username: string, password: string): Promise<void> {
  if (username.trim() === "" || password === "") {
    signInProblem.value = "Enter the operator's username and password.";
    return;
  }
  signingIn.value = true;
  signInProblem.value = undefined;
  try {
    const answer = await call(api().POST("/v3/sessions", { body: { username: username.trim(), password } }));
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(answer));
    session.value = answer;
    now.value = Date.now();
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
}

/**
 * Signs out: ends the session on the service (`PUT /v3/sessions/current/revocation`: the token is
 * refused on every instance within about a minute), then forgets it here. When the service cannot
 * be told, the tab forgets it all the same and says until when the token stays valid.
 */
export async function endSession(): Promise<void> {
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
      reason = `You are signed out of this tab, but the service could not be told, so the sign-in stays valid until ${manilaTime(current.expiresAt)}. ${why} Sign in and sign out again once the service answers.`;
    }
  } finally {
    signingOut.value = false;
  }
  signOut(reason);
}

/** Forgets the token and all the tab keeps of the session; `reason` is shown on the sign-in screen. */
export function signOut(reason?: string): void {
  sessionStorage.removeItem(STORAGE_KEY);
  session.value = undefined;
  signInProblem.value = reason;
  for (const forget of forgetters) forget();
}

/**
 * Runs `forget` whenever the operator is signed out, whatever the reason (signing out, expiry, a
 * 401), so nothing the tab keeps of the session outlives it.
 * @example onSignOut(forgetIssuedLinks); // in the console's entry
 */
export function onSignOut(forget: () => void): void {
  forgetters.push(forget);
}

/** Signs the operator out once the token has expired (checked as the clock moves). */
export function expireSession(at: number): void {
  const current = session.value;
  if (current !== undefined && at >= current.expiresAt) {
    signOut(`Your sign-in expired at ${manilaTime(current.expiresAt)}. Sign in again.`);
  }
}

function stored(): Session | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Session | null;
    if (value && typeof value.token === "string" && value.expiresAt > Date.now()) return value;
  } catch {}
  sessionStorage.removeItem(STORAGE_KEY);
  return undefined;
}
