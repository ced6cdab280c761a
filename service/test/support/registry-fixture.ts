/**
 * A registry for tests: one event of each type, days with dates, several facilities.
 * Returns a fresh object each call so a test may change it.
 */
export function sampleRegistry() {
  return {
    _comment: "test registry",
    version: 1,
    defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
    events: {
      "open-2026": {
        type: "standard",
        title: "City Open 2026",
        attendance: "desks",
        scoreEntry: "links",
        days: {
          "open-sat": {
            label: "Saturday",
            date: "2026-11-21",
            isLive: "auto",
            facilities: [
              { name: "Hall A", sheetId: "open-hall-a" },
              { name: "Hall B", sheetId: "open-hall-b" },
              { name: "Annex", sheetId: "" },
            ],
          },
          "open-sun": {
            label: "Sunday",
            date: "2026-11-22",
            facilities: [{ name: "Hall A", sheetId: "open-sun-hall-a" }],
          },
        },
      },
      "dual-2026": {
        type: "dual-meet",
        attendance: "console",
        scoreEntry: "console",
        days: {
          "dual-d1": {
            label: "Meet day",
            date: "2026-11-21",
            facilities: [{ name: "Court House", sheetId: "dual-court" }],
          },
        },
      },
      "teams-2026": {
        type: "team",
        days: {
          "teams-d1": {
            label: "Team day",
            date: "2026-11-21",
            rosterSheetName: "Teams",
            facilities: [{ name: "Arena", sheetId: "teams-arena" }],
          },
        },
      },
    },
  };
}
