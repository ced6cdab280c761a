import type { DayEntry } from "../../../lib/data/registry.ts";
import { useConsole } from "../../context.ts";
import { Problem } from "../Problem.tsx";
import { DiagnosticsPanel } from "./DiagnosticsPanel.tsx";
import { GoLive } from "./GoLive.tsx";
import { HallDisplays } from "./HallDisplays.tsx";
import { LivePushSwitch } from "./LivePushSwitch.tsx";
import { Reconciliation } from "./Reconciliation.tsx";
import { ScoreEntrySwitch } from "./ScoreEntrySwitch.tsx";
import { SyncPanel } from "./SyncPanel.tsx";

/** Everything that runs a day, on one screen. */
export function RunView({ entry }: { entry: DayEntry }) {
  const { settings } = useConsole().day;
  return (
    <div class="panels">
      <SyncPanel entry={entry} />
      <GoLive entry={entry} />
      <Problem text={settings.problem.value} />
      <LivePushSwitch />
      <ScoreEntrySwitch entry={entry} />
      {entry.event.attendance !== undefined && <Reconciliation entry={entry} />}
      <DiagnosticsPanel />
      <HallDisplays entry={entry} />
    </div>
  );
}
