export {
  createRelayClient,
  NUDGE_COOLDOWN_MS,
  NUDGE_FAILED,
  NUDGE_TIMEOUT_MS,
  type RelayClientOptions,
  type WarnLogger,
} from "./relay-client.ts";
