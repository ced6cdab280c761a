/**
 * The registry file (`config/events.json` in the data repository) as one TypeBox schema: the
 * service's types are derived from it (`types.ts`), Ajv checks its structure (`validate.ts`, which
 * adds the rules a schema cannot say across members), the pages import its types, and
 * docs/registry.md is generated from its annotations (`npm run -s registry-reference`).
 */
import { type SchemaOptions, type TSchema, Type } from "@sinclair/typebox";
import { DEFAULT_REST_MINUTES, DEFAULT_SCORING } from "./scoring.ts";

export const SUPPORTED_REGISTRY_VERSION = 1;

/** Event and day keys: a path segment of every sync, snapshot and page address. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
/** The longest event or day key: the relay refuses longer ones (a key names a Durable Object there). */
export const MAX_KEY_LENGTH = 64;

/** One of fixed values, as one `enum` (a union would give Ajv a problem per branch). */
function OneOf<const T extends readonly (string | number | boolean)[]>(values: T, options: SchemaOptions) {
  return Type.Unsafe<T[number]>({ ...options, enum: [...values] });
}

/** Text with at least one character that is not a space. */
function Text(options: SchemaOptions) {
  return Type.String({ ...options, pattern: "\\S" });
}

/** An object that names every member it allows: any other member is a problem (a typo would turn a feature off). */
function Closed<T extends Record<string, TSchema>>(properties: T, options: SchemaOptions) {
  return Type.Object(properties, { ...options, additionalProperties: false });
}

const LabelMap = (description: string, example: Record<string, string>) =>
  Type.Record(Type.String(), Type.String(), { description, examples: [example] });

export const FacilitySchema = Closed(
  {
    name: Text({
      description:
        "The hall's name as pages, reports and routes show it. Unique within the day, compared exactly (case-sensitive).",
      examples: ["Rizal Hall"],
    }),
    sheetId: Type.Optional(
      Type.String({
        description:
          "The facility workbook: with Google Sheets, the long id in the workbook's address (`docs.google.com/spreadsheets/d/<id>/edit`); with local workbooks, the file name without `.xlsx`. Empty or missing: the facility is listed but skipped by sync.",
        examples: ["1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEFGH"],
      }),
    ),
  },
  { title: "Facility", description: "One facility (a hall, a set of courts) and its workbook." },
);

export const DaySchema = Closed(
  {
    label: Text({ description: "The day's name on every page.", examples: ["Saturday"] }),
    date: Type.Optional(
      Type.String({
        format: "date",
        description:
          "The day's date (`YYYY-MM-DD`, in Asia/Manila): the console's order and its 'today', the public page's `auto` go-live. Required for desk links.",
        examples: ["2026-11-28"],
      }),
    ),
    isLive: Type.Optional(
      OneOf([true, false, "auto"], {
        description:
          "What spectators see: `true` the results now, `false` nothing until the organisers go live, `auto` the results from 00:00 Asia/Manila on `date`. Set from the console's Go live.",
        default: "auto",
        examples: ["auto"],
      }),
    ),
    facilities: Type.Array(FacilitySchema, {
      description: "The day's facilities, in the order pages show them; may be empty.",
    }),
    matchesSheetName: Type.Optional(
      Text({
        description:
          "This day's matches tab, instead of `defaults.matchesSheetName`. There is no numeric tab id.",
        examples: ["CSV"],
      }),
    ),
    standingsSheetName: Type.Optional(
      Text({
        description: "This day's standings tab, instead of `defaults.standingsSheetName`.",
        examples: ["STANDINGSCSV"],
      }),
    ),
    rosterSheetName: Type.Optional(
      Text({
        description:
          "Team events only: the roster tab published with the day. Other event types publish no roster.",
        default: "Teams",
        examples: ["Teams"],
      }),
    ),
  },
  { title: "Day", description: "One tournament day of an event." },
);

export const PairSchema = Type.Object(
  {
    full: Text({ description: "The pair's long label.", examples: ["Men's doubles"] }),
    short: Text({ description: "The pair's short label.", examples: ["MD"] }),
  },
  { title: "Pair", description: "A pair's labels." },
);

export const DisplaySchema = Closed(
  {
    divisions: Type.Optional(
      LabelMap("Division code to label; key order is display order.", { U15: "Under 15", OPEN: "Open" }),
    ),
    events: Type.Optional(
      LabelMap("Event (category) code to label; key order is display order.", {
        MS: "Men's singles",
        XD: "Mixed doubles",
      }),
    ),
    clubs: Type.Optional(LabelMap("Club or team code to name.", { RED: "Red Smashers" })),
    pairs: Type.Optional(
      Type.Record(Type.String(), PairSchema, {
        description:
          "Team events only: a pair number (the `3` of a team code `ACES_3`) to its labels. Without it: MD, WD, XD 1, XD 2.",
      }),
    ),
    rounds: Type.Optional(
      LabelMap(
        "Knockout rounds, for the pages' brackets: a round as the workbooks' `round` column writes it (case, spaces, punctuation and a match number after it ignored) to the words pages show; key order is the order of play, the final last. Given, it replaces the built-in labels: R128, R64, R32, R16 (Round of 16, Last 16), QF (Quarter-finals), SF (Semi-finals), F (Final), and 3rd place (Third place, Bronze) drawn apart.",
        { "Round 1": "Round of 16", QF: "Quarter-finals", SF: "Semi-finals", F: "Final" },
      ),
    ),
    teamColors: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          "Team events only: a group-stage team code to a hex colour `#RGB` or `#RRGGBB`. Any other value is dropped with a console warning, not rejected.",
        examples: [{ ACES: "#c0392b", SMASH: "#2e86c1" }],
      }),
    ),
  },
  {
    title: "Display",
    description: "Labels for the pages only; the service never reads them. There is no logo field.",
  },
);

/** A whole number from `minimum` to `maximum`. */
function Whole(minimum: number, maximum: number, options: SchemaOptions) {
  return Type.Integer({ ...options, minimum, maximum });
}

export const ScoringSchema = Closed(
  {
    pointsToWin: Type.Optional(
      Whole(1, 99, {
        description: "The points that win a game.",
        default: DEFAULT_SCORING.pointsToWin,
        examples: [21],
      }),
    ),
    winByTwo: Type.Optional(
      Type.Boolean({
        description:
          "`true`: from one point short of `pointsToWin` all, a game goes on until a side leads by two, or reaches `cap`. `false`: the first to `pointsToWin` wins.",
        default: DEFAULT_SCORING.winByTwo,
      }),
    ),
    cap: Type.Optional(
      Whole(1, 99, {
        description:
          "With `winByTwo`: the score that ends a game whatever the lead (at 29 all, the next point wins a game capped at 30). At least `pointsToWin`.",
        default: DEFAULT_SCORING.cap,
        examples: [30],
      }),
    ),
    bestOf: Type.Optional(
      OneOf([1, 3, 5], {
        description:
          "Games in a match. `1`: a match's score cells hold the game's points (21–17). `3` or `5`: they hold the games won (2–1), as the best-of-3 scoresheet's result box does.",
        default: DEFAULT_SCORING.bestOf,
        examples: [3],
      }),
    ),
  },
  {
    title: "Scoring",
    description:
      "How a game is won: the score page's point counter ends a game by it, and every score form checks a score against it. Page-only: the service never reads it. Absent members take their defaults: 21 points, by two, capped at 30, one game.",
  },
);

export const EventSchema = Closed(
  {
    type: OneOf(["dual-meet", "standard", "team"], {
      description:
        "How pages show the event: `standard` (categories and draws), `dual-meet` (two clubs), `team` (ties between teams). The service never reads it.",
      examples: ["standard"],
    }),
    archived: Type.Optional(
      Type.Boolean({
        description: "Hides the event from the pages' lists (its files stay published).",
        default: false,
      }),
    ),
    title: Type.Optional(
      Type.String({ description: "The event's name on the pages.", examples: ["Manila Junior Open 2026"] }),
    ),
    attendance: Type.Optional(
      OneOf(["console", "desks"], {
        description:
          "Check-in: `console` lets operators mark people, `desks` also allows desk links. Absent: no attendance.",
        examples: ["desks"],
      }),
    ),
    scoreEntry: Type.Optional(
      OneOf(["console", "links"], {
        description:
          "Score entry: `console` for signed-in operators, `links` also for scorer links. Absent: score entry is off.",
        examples: ["links"],
      }),
    ),
    teamScoring: Type.Optional(
      Type.String({
        description:
          "Team events only: `points` (a tie's points added up) or `games` (matches won). Anything else reads as `points`, with a console warning.",
        default: "points",
        examples: ["games"],
      }),
    ),
    scoring: Type.Optional(ScoringSchema),
    restMinutes: Type.Optional(
      Whole(0, 240, {
        description:
          'The court board\'s rest rule: a match whose player came off court less than this many minutes ago is not suggested for a free court ("rest until 10:42"). Page-only.',
        default: DEFAULT_REST_MINUTES,
        examples: [15],
      }),
    ),
    days: Type.Record(Type.String(), DaySchema, {
      minProperties: 1,
      description: `The event's days by day key (\`${KEY_PATTERN.source}\`, at most ${MAX_KEY_LENGTH} characters, unique across all events: it is a path segment of every sync); at least one.`,
    }),
    display: Type.Optional(DisplaySchema),
  },
  { title: "Event", description: "One event: a tournament, a dual meet or a team cup." },
);

export const RegistrySchema = Closed(
  {
    version: Type.Literal(SUPPORTED_REGISTRY_VERSION, {
      description: "The registry format; must equal the version the service supports.",
      examples: [SUPPORTED_REGISTRY_VERSION],
    }),
    livePush: Type.Optional(
      Type.Boolean({
        description:
          "`false` makes every sync and visibility change publish to the data repository alone (pages poll it); absent or `true` leaves live push to the service's environment. Written by the console's live-push switch.",
        default: true,
      }),
    ),
    defaults: Closed(
      {
        matchesSheetName: Text({
          description: "The tab every facility's matches are read from, unless its day says otherwise.",
          examples: ["CSV"],
        }),
        standingsSheetName: Text({
          description: "The tab every facility's standings are read from, unless its day says otherwise.",
          examples: ["STANDINGSCSV"],
        }),
      },
      { title: "Defaults", description: "The tab names every day uses unless it names its own." },
    ),
    events: Type.Record(Type.String(), EventSchema, {
      minProperties: 1,
      description: `The events by event key (\`${KEY_PATTERN.source}\`, at most ${MAX_KEY_LENGTH} characters, the event's folder in the data repository); at least one.`,
    }),
  },
  {
    title: "The event registry",
    description:
      "`config/events.json` in the data repository: every event, day and facility the service syncs.",
  },
);
