import { useConsole } from "../../context.ts";
import { Problem, Said } from "../Problem.tsx";

/** The tournament-wide live-push switch (`livePush` in the registry) and whether a relay is configured. */
export function LivePushSwitch() {
  const { livePush, livePushChange, setLivePush } = useConsole().day;
  const state = livePush.value;
  const change = livePushChange.result.value;
  return (
    <section class="panel" aria-labelledby="push-heading">
      <h2 id="push-heading">Live push</h2>
      <p>
        When it is on, every sync and go-live change is pushed to open pages at once. When it is off, it goes
        to the published file alone and pages read that every 30 seconds. This switch is for the whole
        tournament, every event and day.
      </p>
      {state !== undefined && (
        <>
          <button
            type="button"
            role="switch"
            aria-checked={state.enabled}
            class="switch"
            disabled={livePushChange.busy.value}
            onClick={() => void setLivePush(!state.enabled)}
          >
            <span class="switch-track" aria-hidden="true" />
            Push results live
          </button>
          <p>
            Live push is <strong>{state.enabled ? "on" : "off"}</strong>.
          </p>
          {!state.available && (
            <p class="notice warn">
              This service has no live relay configured (LIVE_PUSH_URL and LIVE_PUSH_SECRET), so pages read
              the published file whatever this switch says.
            </p>
          )}
        </>
      )}
      <Problem text={livePushChange.problem.value} />
      {change && (
        <Said>
          {change.changed ? `Live push switched ${change.enabled ? "on" : "off"}.` : "Nothing changed."}
        </Said>
      )}
    </section>
  );
}
