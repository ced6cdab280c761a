/**
 * Reading the static site: the registry (`config/events.json`) and a day's published snapshot
 * (`<event>/data/<day>.json`). Every read revalidates with the host (`no-cache`) and gives up after
 * {@link READ_TIMEOUT_MS}.
 */
import { isRegistry, type Registry } from "./registry.ts";
import { type DaySnapshot, isDaySnapshot } from "./snapshot.ts";

export const READ_TIMEOUT_MS = 15_000;

/** A file of the static site that could not be read, with a sentence for people. */
export class PublishedReadError extends Error {
  override readonly name = "PublishedReadError";
}

/** Reads the registry. @throws PublishedReadError */
export async function readRegistry(dataUrl: URL, fetchFile: typeof fetch): Promise<Registry> {
  const value = await readJson(new URL("config/events.json", dataUrl), "The list of events", fetchFile);
  if (value === undefined || !isRegistry(value)) {
    throw new PublishedReadError("The list of events could not be read. Try again in a moment.");
  }
  return value;
}

/**
 * Reads a day's published snapshot; `undefined` when the day was never published.
 * @throws PublishedReadError
 */
export async function readDaySnapshot(
  dataUrl: URL,
  event: string,
  day: string,
  fetchFile: typeof fetch,
): Promise<DaySnapshot | undefined> {
  const path = `${encodeURIComponent(event)}/data/${encodeURIComponent(day)}.json`;
  const value = await readJson(new URL(path, dataUrl), "This day's results", fetchFile);
  if (value === undefined) return undefined;
  if (!isDaySnapshot(value)) throw new PublishedReadError("This day's results could not be read.");
  return value;
}

async function readJson(url: URL, what: string, fetchFile: typeof fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFile(url, { cache: "no-cache", signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
  } catch {
    throw new PublishedReadError(`${what} could not be loaded. Check the connection and try again.`);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) throw new PublishedReadError(`${what} could not be loaded. Try again in a moment.`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new PublishedReadError(`${what} could not be read. Try again in a moment.`);
  }
}
