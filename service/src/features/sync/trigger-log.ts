import type { Clock } from "../../shared/clock.ts";

/** One call of a workbook's edit trigger (a facility sync sent with `X-Sync-Secret`), as it arrived and was answered. */
export interface TriggerCall {
  at: number;
  /** `DAY` and `FACILITY` as the trigger sent them (in its address), cut to a sensible length. */
  day: string;
  facility: string;
  /** `X-Workbook-Id`: the workbook the trigger runs in, when its `Code.js` says it. */
  workbookId?: string;
  status: number;
  /** The error's code, for a refused call. */
  code?: string;
}

/** What is kept of one trigger: its last call, and its last synced one when that was earlier. */
export interface TriggerRecord {
  last: TriggerCall;
  lastSynced?: TriggerCall;
}

/** Triggers remembered: far more than any tournament's workbooks, and a bound on what callers can fill. */
const KEPT = 200;
const TEXT_LIMIT = 100;
const WORKBOOK_ID = /^[\w-]{1,128}$/;

/**
 * This instance's memory of the workbooks' edit triggers, for the preflight: per trigger (the
 * workbook it names, or else the day and facility it sent), its last call and its last sync.
 * Refused calls are kept too, since they are the ones to fix; at most 200 triggers, the least
 * recently heard forgotten first. Nothing of the secret is ever kept.
 * @example triggers.record({ day: "open-sat", facility: "Rizal Hall", status: 401, code: "unauthorized" });
 */
export class TriggerLog {
  readonly #records = new Map<string, TriggerRecord>();
  readonly #clock: Clock;
  #since?: number;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /**
   * Since when this log has been kept: from the first trigger call or question after the app was
   * built (building it reads no clock), so about when this instance began to serve.
   */
  get since(): number {
    this.#since ??= this.#clock.now();
    return this.#since;
  }

  record(call: Omit<TriggerCall, "at">): void {
    void this.since;
    const workbookId =
      call.workbookId !== undefined && WORKBOOK_ID.test(call.workbookId) ? call.workbookId : undefined;
    const kept: TriggerCall = {
      ...call,
      at: this.#clock.now(),
      day: call.day.slice(0, TEXT_LIMIT),
      facility: call.facility.slice(0, TEXT_LIMIT),
      workbookId,
    };
    const key = workbookId !== undefined ? `workbook ${workbookId}` : `address ${kept.day}\n${kept.facility}`;
    const earlier = this.#records.get(key);
    this.#records.delete(key);
    this.#records.set(key, {
      last: kept,
      lastSynced: kept.status === 200 ? kept : earlier?.lastSynced,
    });
    if (this.#records.size > KEPT) this.#records.delete(this.#records.keys().next().value as string);
  }

  /** Every trigger remembered, the most recently heard last. */
  records(): TriggerRecord[] {
    return [...this.#records.values()];
  }
}
