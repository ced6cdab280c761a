/** A route for the hostile-input fuzz: its path with `:param` placeholders and what it takes. */
export interface HostileRoute {
  method: string;
  path: string;
  frozen: boolean;
  /** `json`: a JSON body; `none`: no body. */
  body: "json" | "none";
  /** Query members the route reads. */
  query?: string[];
}

const v3 = (method: string, path: string, body: "json" | "none" = "json"): HostileRoute => ({
  method,
  path,
  frozen: false,
  body,
});
const frozen = (
  method: string,
  path: string,
  body: "json" | "none" = "json",
  query?: string[],
): HostileRoute => ({
  method,
  path,
  frozen: true,
  body,
  query,
});

/** Every JSON route of the spec (the scoresheet multipart routes are fuzzed on their own). */
export const HOSTILE_ROUTES: readonly HostileRoute[] = [
  v3("POST", "/v3/sessions"),
  frozen("POST", "/auth/login"),
  v3("POST", "/v3/days/:day/syncs"),
  v3("POST", "/v3/days/:day/facilities/:facility/syncs"),
  frozen("POST", "/sync/:day", "json", ["facility", "method"]),
  v3("GET", "/v3/days/:day/visibility", "none"),
  v3("PUT", "/v3/days/:day/visibility"),
  frozen("POST", "/sync/:day/live"),
  v3("GET", "/v3/settings/live-push", "none"),
  v3("PUT", "/v3/settings/live-push"),
  frozen("POST", "/sync/live-push"),
  v3("GET", "/v3/diagnostics/sync", "none"),
  frozen("GET", "/sync/config", "none"),
  v3("GET", "/v3/events/:event/score-entry", "none"),
  v3("PUT", "/v3/events/:event/score-entry"),
  frozen("PUT", "/v1/events/:event/score-entry"),
  v3("GET", "/v3/days/:day/facilities/:facility/people", "none"),
  v3("PUT", "/v3/days/:day/facilities/:facility/people/:personKey/attendance"),
  frozen("PUT", "/v1/days/:day/facilities/:facility/attendance/:personKey"),
  v3("POST", "/v3/days/:day/attendance/desk-links"),
  frozen("POST", "/v1/days/:day/attendance/desk-links"),
  v3("POST", "/v3/days/:day/attendance/reconciliations"),
  frozen("POST", "/v1/days/:day/attendance/reconciliations", "json", ["facility"]),
  v3("PUT", "/v3/days/:day/facilities/:facility/matches/:matchNumber/score"),
  frozen("PUT", "/v1/days/:day/facilities/:facility/matches/:matchNumber/score"),
  v3("POST", "/v3/days/:day/scores/scorer-links"),
  frozen("POST", "/v1/days/:day/scores/scorer-links"),
  v3("GET", "/v3/days/:day/links", "none"),
  v3("PUT", "/v3/days/:day/links/:linkId/revocation", "none"),
  v3("GET", "/ping", "none"),
  v3("GET", "/openapi.json", "none"),
];

/** Path keys that try to leave their folder: dot segments, encoded slashes, look-alikes, NULs. */
export const ESCAPING_KEYS = [
  "..",
  "../..",
  "..%2F..%2Fdecoy",
  "%2e%2e",
  "%2e%2e%2fdecoy",
  "%2F",
  "..%5Cdecoy",
  "\uFF0E\uFF0E\uFF0Fdecoy",
  "\u2024\u2024/decoy",
  "\u2215decoy",
  "decoy%00.xlsx",
  "../decoy",
  "..\\decoy",
  "/etc/passwd",
  "open-sat/../open-sun",
  "Hall A/../../decoy",
];
