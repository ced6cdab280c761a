import { type Registry, SUPPORTED_REGISTRY_VERSION } from "./types.ts";

/** One problem of a registry file, with the JSON path of the bad field. */
export interface RegistryProblem {
  path: string;
  message: string;
}

export const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
/** The longest event or day key: the relay refuses longer ones (a key names a Durable Object there). */
export const MAX_KEY_LENGTH = 64;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Drops every `_comment` member, anywhere in the tree, before validation. */
function withoutComments(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutComments);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "_comment")
      .map(([key, member]) => [key, withoutComments(member)]),
  );
}

function isRealDate(text: string) {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

class Checker {
  readonly problems: RegistryProblem[] = [];
  fail(path: string, message: string) {
    this.problems.push({ path, message });
  }
  /** Reports members not in `allowed`, so a typo such as `scoreentry` is not silently ignored. */
  known(object: Json, path: string, allowed: readonly string[]) {
    for (const key of Object.keys(object)) {
      if (!allowed.includes(key)) this.fail(`${path}.${key}`, "is not a registry field");
    }
  }
  string(object: Json, key: string, path: string, { required = false, nonEmpty = false } = {}) {
    const value = object[key];
    if (value === undefined) {
      if (required) this.fail(`${path}.${key}`, "is required");
      return;
    }
    if (typeof value !== "string") this.fail(`${path}.${key}`, "must be a string");
    else if (nonEmpty && value.trim() === "") this.fail(`${path}.${key}`, "must not be empty");
  }
  oneOf(object: Json, key: string, path: string, allowed: readonly unknown[]) {
    const value = object[key];
    if (value !== undefined && !allowed.includes(value)) {
      this.fail(`${path}.${key}`, `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`);
    }
  }
  boolean(object: Json, key: string, path: string) {
    if (object[key] !== undefined && typeof object[key] !== "boolean")
      this.fail(`${path}.${key}`, "must be a boolean");
  }
  labelMap(value: unknown, path: string) {
    if (value === undefined) return;
    if (!isObject(value)) return this.fail(path, "must be an object of code to label");
    for (const [code, label] of Object.entries(value)) {
      if (typeof label !== "string") this.fail(`${path}.${code}`, "must be a string");
    }
  }
}

function checkDisplay(c: Checker, display: unknown, path: string) {
  if (display === undefined) return;
  if (!isObject(display)) return c.fail(path, "must be an object");
  c.known(display, path, ["divisions", "events", "clubs", "pairs", "teamColors"]);
  for (const key of ["divisions", "events", "clubs"]) c.labelMap(display[key], `${path}.${key}`);
  const pairs = display.pairs;
  if (pairs !== undefined) {
    if (!isObject(pairs)) c.fail(`${path}.pairs`, "must be an object");
    else
      for (const [n, pair] of Object.entries(pairs)) {
        const at = `${path}.pairs.${n}`;
        if (!/^\d+$/.test(n)) c.fail(at, "must be keyed by a pair number");
        if (!isObject(pair)) c.fail(at, "must be { full, short }");
        else for (const k of ["full", "short"]) c.string(pair, k, at, { required: true, nonEmpty: true });
      }
  }
  // teamColors: a value that is not a hex colour is dropped by the console with a warning, not rejected.
  if (display.teamColors !== undefined && !isObject(display.teamColors))
    c.fail(`${path}.teamColors`, "must be an object");
}

function checkDay(c: Checker, day: unknown, path: string) {
  if (!isObject(day)) return c.fail(path, "must be an object");
  c.known(day, path, [
    "label",
    "date",
    "isLive",
    "facilities",
    "matchesSheetName",
    "standingsSheetName",
    "rosterSheetName",
  ]);
  c.string(day, "label", path, { required: true, nonEmpty: true });
  if (typeof day.date === "string" && !isRealDate(day.date))
    c.fail(`${path}.date`, "must be an ISO date YYYY-MM-DD");
  else c.string(day, "date", path);
  c.oneOf(day, "isLive", path, [true, false, "auto"]);
  for (const key of ["matchesSheetName", "standingsSheetName", "rosterSheetName"])
    c.string(day, key, path, { nonEmpty: true });
  if (!Array.isArray(day.facilities)) return c.fail(`${path}.facilities`, "is required and must be an array");
  const names = new Set<string>();
  for (const [index, facility] of day.facilities.entries()) {
    const at = `${path}.facilities[${index}]`;
    if (!isObject(facility)) {
      c.fail(at, "must be { name, sheetId }");
      continue;
    }
    c.known(facility, at, ["name", "sheetId"]);
    c.string(facility, "name", at, { required: true, nonEmpty: true });
    c.string(facility, "sheetId", at);
    if (typeof facility.name === "string") {
      if (names.has(facility.name))
        c.fail(`${at}.name`, `duplicates facility "${facility.name}" of this day`);
      names.add(facility.name);
    }
  }
}

/**
 * Every validation rule of the spec, with the path of each bad field. A file with any problem
 * is rejected wholesale by the caller.
 * @example validateRegistry(JSON.parse(text)) // [] when the file is good
 */
export function validateRegistry(input: unknown): RegistryProblem[] {
  const c = new Checker();
  const file = withoutComments(input);
  if (!isObject(file)) return [{ path: "$", message: "must be a JSON object" }];
  c.known(file, "$", ["version", "livePush", "defaults", "events"]);
  if (file.version !== SUPPORTED_REGISTRY_VERSION)
    c.fail("$.version", `must be ${SUPPORTED_REGISTRY_VERSION}`);
  c.boolean(file, "livePush", "$");
  if (!isObject(file.defaults)) c.fail("$.defaults", "is required and must be an object");
  else {
    c.known(file.defaults, "$.defaults", ["matchesSheetName", "standingsSheetName"]);
    c.string(file.defaults, "matchesSheetName", "$.defaults", { required: true, nonEmpty: true });
    c.string(file.defaults, "standingsSheetName", "$.defaults", { required: true, nonEmpty: true });
  }
  if (!isObject(file.events)) {
    c.fail("$.events", "is required and must be an object");
    return c.problems;
  }
  if (Object.keys(file.events).length === 0) c.fail("$.events", "must have at least one event");
  const dayOwners = new Map<string, string>();
  for (const [eventKey, event] of Object.entries(file.events)) {
    const path = `$.events.${eventKey}`;
    if (!KEY_PATTERN.test(eventKey)) c.fail(path, "event key must match ^[a-z0-9][a-z0-9-]*$");
    if (eventKey.length > MAX_KEY_LENGTH)
      c.fail(path, `event key must have at most ${MAX_KEY_LENGTH} characters`);
    if (!isObject(event)) {
      c.fail(path, "must be an object");
      continue;
    }
    c.known(event, path, [
      "type",
      "archived",
      "title",
      "attendance",
      "scoreEntry",
      "teamScoring",
      "days",
      "display",
    ]);
    if (event.type === undefined) c.fail(`${path}.type`, "is required");
    else c.oneOf(event, "type", path, ["dual-meet", "standard", "team"]);
    c.boolean(event, "archived", path);
    c.string(event, "title", path);
    c.oneOf(event, "attendance", path, ["console", "desks"]);
    c.oneOf(event, "scoreEntry", path, ["console", "links"]);
    // teamScoring: anything but `games` reads as `points` (a console warning), so it is not rejected.
    c.string(event, "teamScoring", path);
    checkDisplay(c, event.display, `${path}.display`);
    if (!isObject(event.days)) {
      c.fail(`${path}.days`, "is required and must be an object");
      continue;
    }
    if (Object.keys(event.days).length === 0) c.fail(`${path}.days`, "must have at least one day");
    for (const [dayKey, day] of Object.entries(event.days)) {
      const dayPath = `${path}.days.${dayKey}`;
      if (!KEY_PATTERN.test(dayKey)) c.fail(dayPath, "day key must match ^[a-z0-9][a-z0-9-]*$");
      if (dayKey.length > MAX_KEY_LENGTH)
        c.fail(dayPath, `day key must have at most ${MAX_KEY_LENGTH} characters`);
      const owner = dayOwners.get(dayKey);
      if (owner !== undefined) c.fail(dayPath, `day key "${dayKey}" is already used by event "${owner}"`);
      dayOwners.set(dayKey, eventKey);
      checkDay(c, day, dayPath);
    }
  }
  return c.problems;
}

/** Narrows a validated file to the registry type (comments dropped). */
export function parseRegistry(input: unknown): { registry?: Registry; problems: RegistryProblem[] } {
  const problems = validateRegistry(input);
  return problems.length > 0 ? { problems } : { registry: withoutComments(input) as Registry, problems };
}
