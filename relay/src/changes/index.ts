/**
 * The snapshot channel's message format for sockets that ask for changes: computed by the relay,
 * applied by the pages (`web/src/lib/live/`), documented in `docs/live-messages.md`.
 */
export { ChangesMismatch, type LineSplice } from "./line-patch.ts";
export {
  CHANGES_PARAMETER,
  type ChangesMessage,
  changesMessageText,
  type LiveMessage,
  type SnapshotMessage,
  snapshotMessageText,
} from "./live-message.ts";
export {
  applyChanges,
  diffSnapshot,
  type FacilityChanges,
  type MemberChanges,
  type SnapshotChanges,
} from "./snapshot-changes.ts";
