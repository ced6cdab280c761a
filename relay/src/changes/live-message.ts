/**
 * The messages of the snapshot channel to a socket that asked for changes (`/live/<event>/<day>?changes=1`).
 * A socket that asks for nothing gets each snapshot's JSON as it was pushed, exactly as before.
 *
 * - `{"type":"snapshot","seq":N,"snapshot":{…}}`: the whole snapshot, on connect (and when the
 *   changes would be no smaller).
 * - `{"type":"changes","seq":N,"changes":{…}}`: what changed since message `N - 1` ({@link SnapshotChanges}).
 *
 * `seq` grows by one with every push the channel takes, so a page holding `N - 1` applies changes `N`;
 * any other number means it missed one and must fetch the whole snapshot again (by reopening its socket).
 */
import type { SnapshotChanges } from "./snapshot-changes.ts";

/** The query parameter with which a socket asks for changes instead of whole snapshots. */
export const CHANGES_PARAMETER = "changes";

export interface SnapshotMessage<S = unknown> {
  type: "snapshot";
  seq: number;
  snapshot: S;
}

export interface ChangesMessage {
  type: "changes";
  seq: number;
  changes: SnapshotChanges;
}

export type LiveMessage<S = unknown> = SnapshotMessage<S> | ChangesMessage;

/**
 * The whole-snapshot message around a snapshot's JSON text, without parsing it again.
 * @example snapshotMessageText(7, '{"event":"open"}') // '{"type":"snapshot","seq":7,"snapshot":{"event":"open"}}'
 */
export function snapshotMessageText(seq: number, snapshotText: string): string {
  return `{"type":"snapshot","seq":${seq},"snapshot":${snapshotText}}`;
}

/** The changes message. */
export function changesMessageText(seq: number, changes: SnapshotChanges): string {
  return JSON.stringify({ type: "changes", seq, changes } satisfies ChangesMessage);
}
