import { withConflictRetries } from "../repository/conflict-retries.ts";
import { type HeldList, HeldLists, type HeldListsDeps } from "../repository/held-lists.ts";
import { AppError } from "../shared/errors.ts";
import type { OperatorPrincipal } from "./guard.ts";
import {
  emptySignedOutFile,
  formatSignedOutFile,
  SIGNED_OUT_LIST,
  SIGNED_OUT_PATH,
  type SignedOutFile,
  type SignedOutSession,
} from "./signed-out-file.ts";

/** Signed-out sessions that have not expired, at most: beyond it, signing out is refused (403). */
export const MAX_SIGNED_OUT = 1_000;

const signedOut = () => new AppError("unauthorized", "this sign-in was ended by signing out; sign in again");

/**
 * Operator sessions ended by signing out, shared by every instance through the data repository as
 * revoked desk and scorer links are (`shared/held-lists.ts`): a sign-out is written at once by
 * compare-and-swap, and refused on this instance at once, on every other one within
 * `SYNC_CONFIG_TTL_MS`. A session stays listed until its token expires, then leaves at the next write.
 * @example const session = await signedOutSessions.admit(principal); // 401 once signed out
 */
export class SignedOutSessions {
  readonly #deps: HeldListsDeps;
  readonly #lists: HeldLists<SignedOutFile>;

  constructor(deps: HeldListsDeps) {
    this.#deps = deps;
    this.#lists = new HeldLists(deps, SIGNED_OUT_LIST);
  }

  /**
   * Lets an operator session through, or refuses it (401) when it was signed out. It answers at
   * once while this instance's copy of the list is younger than the TTL, else after reading it.
   */
  admit(operator: OperatorPrincipal): OperatorPrincipal | Promise<OperatorPrincipal> {
    const held = this.#lists.current(SIGNED_OUT_PATH);
    if (held) return checked(held, operator);
    return this.#read(false).then((read) => checked(read, operator));
  }

  /**
   * Ends the session: adds it to the list (dropping the sessions that have expired) unless it is
   * there already. @throws AppError `forbidden` when {@link MAX_SIGNED_OUT} sessions are listed
   */
  signOut(operator: OperatorPrincipal): Promise<SignedOutSession> {
    return withConflictRetries(SIGNED_OUT_PATH, async () => {
      const current = await this.#read(true);
      const known = current.file.sessions.find((s) => s.sessionId === operator.sessionId);
      if (known) return known;
      const now = this.#deps.clock.now();
      const sessions = current.file.sessions.filter((s) => s.expiresAt > now);
      if (sessions.length >= MAX_SIGNED_OUT) {
        throw new AppError(
          "forbidden",
          `${MAX_SIGNED_OUT} signed-out sessions have not expired yet, so no more are kept; a new operator password (AUTH_PASSWORD_HASH) ends every session`,
        );
      }
      const entry: SignedOutSession = {
        sessionId: operator.sessionId,
        expiresAt: operator.expiresAt,
        revokedAt: now,
      };
      const file: SignedOutFile = { ...current.file, sessions: [...sessions, entry] };
      const { revision } = await this.#deps.repository.write(
        SIGNED_OUT_PATH,
        formatSignedOutFile(file),
        current.revision,
        "operator signed out",
      );
      this.#lists.keep(SIGNED_OUT_PATH, file, revision);
      return entry;
    });
  }

  #read(fresh: boolean) {
    return this.#lists.read(SIGNED_OUT_PATH, emptySignedOutFile, fresh);
  }
}

function checked(list: HeldList<SignedOutFile>, operator: OperatorPrincipal): OperatorPrincipal {
  if (list.revoked.has(operator.sessionId)) throw signedOut();
  return operator;
}
