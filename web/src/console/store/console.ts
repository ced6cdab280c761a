/**
 * The console's store, one part per concern (the frame, the session, the day, its attendance
 * lists and clash warnings, its links, its scoresheets, its score screen, the registry edits it
 * points to; the court board's part is made when its screen first opens, `courtBoardOf`). Made once by `main.tsx` with the browser's {@link PageEnvironment}; components read
 * its signals and call its actions.
 */
import { effect } from "@preact/signals";
import type { PageEnvironment } from "../../lib/environment.ts";
import { type ConsoleApp, createConsoleApp } from "./app.ts";
import { type AttendanceStore, createAttendanceStore } from "./attendance.ts";
import { type ClashWarnings, clashWarnings } from "./clashes.ts";
import { createDayStore, type DayStore } from "./day.ts";
import { createLinksStore, type LinksStore } from "./links.ts";
import { type RegistryEdits, registryEdits } from "./registry-edits.ts";
import { createScoreScreen, type ScoreScreen } from "./scores.ts";
import { createScoresheetsStore, type ScoresheetsStore } from "./scoresheets.ts";
import { createSessionStore, type SessionStore } from "./session.ts";

export interface ConsoleStore {
  app: ConsoleApp;
  session: SessionStore;
  day: DayStore;
  attendance: AttendanceStore;
  clashes: ClashWarnings;
  links: LinksStore;
  scoresheets: ScoresheetsStore;
  scores: ScoreScreen;
  /** Where a setting only a registry edit changes is written. */
  registryEdits: RegistryEdits;
  /** Reads the settings and the registry; from now on the session ends at its expiry. */
  start(): Promise<void>;
}

export function createConsoleStore(env: PageEnvironment): ConsoleStore {
  const app = createConsoleApp(env);
  const session = createSessionStore(env, app);
  const day = createDayStore(env, app, session);
  const attendance = createAttendanceStore(env, app, session);
  const links = createLinksStore(env, session);
  // The links issued in this tab keep their tokens only while the operator is signed in (a tab
  // reloaded after its sign-in expired has none).
  session.onSignOut(links.forgetIssuedLinks);
  if (session.session.value === undefined) links.forgetIssuedLinks();
  return {
    app,
    session,
    day,
    attendance,
    clashes: clashWarnings(day, attendance),
    links,
    scoresheets: createScoresheetsStore(env, app, day),
    scores: createScoreScreen(day, session),
    registryEdits: registryEdits(env, app),
    start() {
      effect(() => session.expireSession(app.now.value));
      day.watchLiveConnection();
      return app.start();
    },
  };
}
