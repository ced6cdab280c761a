/**
 * The live-points messages of the snapshot channel (`/live/<event>/<day>?live=1`): made by the relay
 * (`latest-points.ts`), applied by the pages through the same module, documented in
 * `docs/live-messages.md` ("Live points").
 */
export {
  applyLivePoints,
  type EndedMatch,
  isLivePointsMessage,
  LIVE_PARAMETER,
  type LivePoint,
  type LivePointsMessage,
  liveKey,
  livePointsMessageText,
} from "./live-point.ts";
