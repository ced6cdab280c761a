/**
 * A link label member (`issuedTo`, `note`) against the service's limit as a person types it: the
 * same count the route applies (code points after normalising, `@tournament-ops/service/link-rules`),
 * said as the text grows, and a refusal once it is over, so nothing is cut silently.
 */
import { LINK_LABEL_MAX, labelLength } from "@tournament-ops/service/link-rules";

/** What the form says about one label member's length. */
export interface LabelCount {
  /** The characters the service counts. */
  length: number;
  /** More than the service takes: the form refuses to issue. */
  over: boolean;
  /** The sentence beside the box: the limit, how much is used, and by how much it is over. */
  words: string;
}

/**
 * The count of one label member as typed.
 * @example labelCount("Front desk") // { length: 10, over: false, words: "10 of 40 characters." }
 * @example labelCount("x".repeat(43)) // { length: 43, over: true, words: "43 characters: at most 40. Remove 3." }
 */
export function labelCount(text: string): LabelCount {
  const length = labelLength(text);
  const over = length > LINK_LABEL_MAX;
  const words = over
    ? `${length} characters: at most ${LINK_LABEL_MAX}. Remove ${length - LINK_LABEL_MAX}.`
    : `${length} of ${LINK_LABEL_MAX} characters.`;
  return { length, over, words };
}
