/**
 * Knockout rounds, recognised from the `round` column as the workbooks write it (docs/pages.md,
 * "Round labels"). Case, spaces and punctuation are ignored, and a match's number after the label
 * (`QF1`, `SF 2`) too. Built in, in order of play: `R128`, `R64`, `R32`, `R16` (also "Round of
 * 16", "Last 16"), `QF` ("Quarter-final(s)", "Quarters"), `SF` ("Semi-final(s)", "Semis"), `F`
 * ("Final"), and the third-place match ("3rd place", "Third place", "Bronze") apart from the
 * bracket. An event's `display.rounds` (label → words shown, in order of play) replaces them.
 */
import type { Display } from "./registry.ts";

/** A knockout round. */
export interface Round {
  /** Its place in the order of play: higher is later; the final is the highest. */
  readonly position: number;
  /** The words shown: "Quarter-finals". */
  readonly name: string;
  /** The short form: "QF". */
  readonly short: string;
}

/** The third-place match: played beside the final, drawn apart from the bracket. */
export const THIRD_PLACE: Round = { position: -1, name: "Third place", short: "3rd" };

interface Known extends Round {
  spellings: string[];
}

const SIZES = [128, 64, 32, 16];
const BUILT_IN: Known[] = [
  ...SIZES.map((size, position) => ({
    position,
    name: `Round of ${size}`,
    short: `R${size}`,
    spellings: [`r${size}`, `roundof${size}`, `last${size}`],
  })),
  {
    position: 4,
    name: "Quarter-finals",
    short: "QF",
    spellings: ["qf", "quarterfinal", "quarterfinals", "quarters", "quarter"],
  },
  {
    position: 5,
    name: "Semi-finals",
    short: "SF",
    spellings: ["sf", "semifinal", "semifinals", "semis", "semi"],
  },
  { position: 6, name: "Final", short: "F", spellings: ["f", "final", "finals"] },
];
const THIRD_PLACE_SPELLINGS = [
  "3rdplace",
  "thirdplace",
  "3rd",
  "bronze",
  "3rdplaceplayoff",
  "thirdplaceplayoff",
  "3rd4th",
];
BUILT_IN.push({ ...THIRD_PLACE, spellings: THIRD_PLACE_SPELLINGS });

/** A label as compared: lower case, letters and digits only, accents dropped. */
const fold = (label: string) =>
  label
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** The forms of a label to look up: as written, without a match number after it (`QF 1`, `SF2`). */
function forms(label: string): string[] {
  const whole = fold(label);
  const spaced = /^(.*\D)[\s#.-]+\d+$/.exec(label.trim())?.[1];
  const joined = /^([a-z]+)\d+$/.exec(whole)?.[1];
  return [whole, ...(spaced ? [fold(spaced)] : []), ...(joined ? [joined] : [])];
}

const configured = new WeakMap<Record<string, string>, Known[]>();

/** The rounds an event recognises: its `display.rounds` when given, else the built-in ones. */
function roundsOf(display: Display | undefined): Known[] {
  const given = display?.rounds;
  if (given === undefined || Object.keys(given).length === 0) return BUILT_IN;
  let known = configured.get(given);
  if (known === undefined) {
    known = Object.entries(given).map(([label, name], position) => ({
      // A third-place match listed among the rounds is still drawn apart from the bracket.
      position: THIRD_PLACE_SPELLINGS.includes(fold(label)) ? THIRD_PLACE.position : position,
      name: typeof name === "string" && name.trim() !== "" ? name : label,
      short: label,
      spellings: [fold(label)],
    }));
    configured.set(given, known);
  }
  return known;
}

/**
 * The knockout round a `round` cell names, {@link THIRD_PLACE}, or `undefined` for anything else
 * (a group stage, a tie).
 * @example knockoutRound(undefined, "QF 2") // { position: 4, name: "Quarter-finals", short: "QF" }
 * @example knockoutRound({ rounds: { "Round 1": "Round of 16", QF: "Quarter-finals" } }, "round 1") // { position: 0, name: "Round of 16", short: "Round 1" }
 */
export function knockoutRound(display: Display | undefined, label: string): Round | undefined {
  if (label.trim() === "") return undefined;
  const known = roundsOf(display);
  let read = labelsRead.get(known);
  if (read === undefined) {
    read = new Map();
    labelsRead.set(known, read);
  }
  if (read.has(label)) return read.get(label);
  let round: Round | undefined;
  for (const form of forms(label)) {
    const found = known.find((candidate) => candidate.spellings.includes(form));
    if (found !== undefined) {
      round = Object.freeze({ position: found.position, name: found.name, short: found.short });
      break;
    }
  }
  // Bounded: a long day on one phone never grows it without end.
  if (read.size >= 256) read.clear();
  read.set(label, round);
  return round;
}

/**
 * Each round label's reading, by the rounds it was read against: a hall's 300 matches carry a few
 * labels, and folding one (accents, case, punctuation) is the costly part of reading it.
 */
const labelsRead = new WeakMap<Known[], Map<string, Round | undefined>>();
