/**
 * Facility workbook trigger: after someone edits the workbook, ask the tournament operations
 * service to sync this facility, so the live pages show the change within seconds.
 *
 * Install: see README.md in this folder (Script properties SYNC_URL, SYNC_SECRET, DAY, FACILITY,
 * then run `installTrigger` once).
 *
 * A burst of edits (typing a score, fixing a name) makes one sync: every edit stamps the time in
 * the script properties; the first execution holds the script lock, waits until no edit has come
 * for DEBOUNCE_MS, then syncs with `editedAt` = the last edit's time. Executions that find the
 * lock held return at once: the holder will see their edit. An edit that lands while the sync is
 * in flight makes the holder sync once more.
 */

const DEBOUNCE_MS = 4000;
/** Edits on these tabs need no sync (the service writes ATTENDANCE itself). */
const IGNORED_TABS = ["ATTENDANCE"];

/** The installable onEdit handler. */
// biome-ignore lint/correctness/noUnusedVariables: Apps Script calls it by name (the trigger).
function onEditInstalled(e) {
  if (e?.range && IGNORED_TABS.indexOf(e.range.getSheet().getName()) !== -1) return;
  const props = PropertiesService.getScriptProperties();
  props.setProperty("LAST_EDIT_AT", String(Date.now()));
  const lock = LockService.getScriptLock();
  if (!lock.tryLock(0)) return;
  try {
    let synced = 0;
    for (let round = 0; round < 10; round++) {
      const last = waitForQuiet_(props);
      if (last <= synced) break;
      syncFacility_(props, last);
      synced = last;
    }
  } finally {
    lock.releaseLock();
  }
}

/** Sleeps until DEBOUNCE_MS have passed since the last edit; returns that edit's time. */
function waitForQuiet_(props) {
  for (;;) {
    const last = Number(props.getProperty("LAST_EDIT_AT"));
    const wait = last + DEBOUNCE_MS - Date.now();
    if (wait <= 0) return last;
    Utilities.sleep(wait);
  }
}

/**
 * POST {SYNC_URL}/v3/days/{DAY}/facilities/{FACILITY}/syncs with the shared secret, and this
 * workbook's id (X-Workbook-Id), so the service's preflight can say which workbook's trigger called.
 */
function syncFacility_(props, editedAt) {
  const base = String(props.getProperty("SYNC_URL") || "").replace(/\/+$/, "");
  const day = props.getProperty("DAY");
  const facility = props.getProperty("FACILITY");
  if (!base || !day || !facility) {
    console.warn("Set the script properties SYNC_URL, SYNC_SECRET, DAY and FACILITY (see README).");
    return;
  }
  const url =
    base + "/v3/days/" + encodeURIComponent(day) + "/facilities/" + encodeURIComponent(facility) + "/syncs";
  const response = UrlFetchApp.fetch(url, {
    method: "post",
    contentType: "application/json",
    headers: {
      "X-Sync-Secret": props.getProperty("SYNC_SECRET") || "",
      "X-Workbook-Id": SpreadsheetApp.getActive().getId(),
    },
    payload: JSON.stringify({ editedAt: new Date(editedAt).toISOString() }),
    muteHttpExceptions: true,
  });
  const status = response.getResponseCode();
  if (status !== 200)
    console.warn("sync of " + facility + " answered " + status + ": " + response.getContentText());
}

/** Run once from the editor: installs the onEdit trigger for this workbook (replacing an old one). */
// biome-ignore lint/correctness/noUnusedVariables: run by hand from the Apps Script editor.
function installTrigger() {
  const triggers = ScriptApp.getProjectTriggers();
  for (let i = 0; i < triggers.length; i++) {
    if (triggers[i].getHandlerFunction() === "onEditInstalled") ScriptApp.deleteTrigger(triggers[i]);
  }
  ScriptApp.newTrigger("onEditInstalled").forSpreadsheet(SpreadsheetApp.getActive()).onEdit().create();
}
