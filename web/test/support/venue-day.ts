/**
 * The people of a venue morning, as the rehearsal (web/test/browser/venue-day.test.ts) plays them
 * in Chromium: the organiser at the console on a laptop, desk volunteers and umpires on phones.
 * Each helper does what that person does on screen (taps, scans, reads) and waits for what they
 * would wait for; nothing here calls the API behind a page's back.
 */
import type { Page, Response } from "playwright-core";
import { pageQrCodes } from "./pdf-pages.ts";
import { readQrCode } from "./qr-codes.ts";

/** The day rehearsed (the demo's Sunday, never in the past on the day the demo is made): its halls' routes. */
const PEOPLE = "/v3/days/open-sun/facilities/";

/**
 * The organiser signs in to the console with the printed password and opens the day labelled
 * `day` (the rehearsal's Sunday unless told).
 */
export async function signInToDay(
  organiser: Page,
  address: string,
  password: string,
  day = "Sunday · Group stage",
): Promise<void> {
  await organiser.goto(address);
  await organiser.getByLabel("Username").fill("operator");
  await organiser.getByLabel("Password").fill(password);
  await organiser.getByRole("button", { name: "Sign in" }).click();
  await organiser.getByLabel(new RegExp(day)).check();
  await organiser.getByRole("button", { name: "Run this day" }).click();
  await organiser.getByRole("heading", { name: day, level: 1 }).waitFor();
}

/**
 * The organiser issues a link on the Links screen and the phone's camera reads its card's QR code:
 * the address the phone opens.
 */
export async function issueLink(
  organiser: Page,
  kind: "desk" | "scorer",
  issuedTo: string,
  note: string,
): Promise<string> {
  const title = kind === "desk" ? "Desk link" : "Scorer link";
  await organiser.getByRole("link", { name: "Links", exact: true }).click();
  const form = organiser.getByRole("region", { name: `${title}s` });
  await form.getByLabel(/Who gets it/).fill(issuedTo);
  await form.getByLabel(/Note/).fill(note);
  await form.getByRole("button", { name: `Issue a ${title.toLowerCase()}` }).click();
  return scanCard(organiser, title, `${issuedTo} (${note})`);
}

/** The address in the QR code of the card `title: label` (a link just issued or replaced). */
export async function scanCard(organiser: Page, title: string, label: string): Promise<string> {
  await organiser.getByRole("region", { name: `${title}: ${label}` }).waitFor();
  return readQrCode(organiser, `QR code of the ${title.toLowerCase()} for ${label}`);
}

/** The organiser prints `hall`'s scoresheets; the text of each page's QR code. */
export async function printScoresheets(organiser: Page, hall: string): Promise<Array<string | undefined>> {
  await organiser.getByRole("link", { name: "Scoresheets" }).click();
  await organiser.getByLabel("Facility", { exact: true }).selectOption(hall);
  const download = organiser.waitForEvent("download");
  await organiser.getByRole("button", { name: "Make the scoresheets" }).click();
  // Read through Playwright: the run's Chromium may be another process's, with its own files.
  const stream = await (await download).createReadStream();
  return pageQrCodes(new Uint8Array(Buffer.concat(await stream.toArray())));
}

/** A person's Present checkbox on a desk page. */
export const presentBox = (desk: Page, player: string) =>
  desk.getByRole("checkbox", { name: `${player} Present` });

/** A desk's mark of a person arriving at the service (`PUT …/people/<key>/attendance`). */
const isMark = (response: Response) =>
  response.request().method() === "PUT" &&
  response.url().includes(PEOPLE) &&
  response.url().endsWith("/attendance");

/**
 * A desk volunteer finds each person by typing their name without accents (`monica` for Mónica
 * Yáñez) and marks them present with one tap; online, each mark is waited for until the service
 * took it.
 */
export async function checkIn(
  desk: Page,
  people: ReadonlyArray<readonly [search: string, player: string]>,
  { online = true } = {},
): Promise<void> {
  for (const [search, player] of people) {
    await desk.getByRole("searchbox", { name: "Find a person" }).fill(search);
    const box = presentBox(desk, player);
    const taken = online ? desk.waitForResponse(isMark) : undefined;
    await box.tap();
    if (!(await box.isChecked())) throw new Error(`${player} is not shown present after the tap`);
    const status = (await taken)?.status();
    if (status !== undefined && status !== 200) throw new Error(`the mark of ${player} answered ${status}`);
  }
  await desk.getByRole("searchbox", { name: "Find a person" }).fill("");
}

/** A score page's two score boxes, side 1 then side 2. */
const side = (umpire: Page, n: 1 | 2) => umpire.getByRole("textbox").nth(n - 1);

/** An umpire scans match `match`'s scoresheet (its QR code's address) and types a score, unsaved. */
export async function typeScore(
  umpire: Page,
  sheet: string,
  match: number,
  [one, two]: readonly [number, number],
): Promise<void> {
  await umpire.goto(sheet);
  await umpire.getByRole("heading", { level: 1, name: `Match ${match}` }).waitFor();
  await umpire.getByText(/^On the sheet: /).waitFor();
  await side(umpire, 1).fill(String(one));
  await side(umpire, 2).fill(String(two));
}

/** An umpire saves the score typed and waits for the page to say it is saved. */
export async function saveScore(umpire: Page, [one, two]: readonly [number, number]): Promise<void> {
  await umpire.getByRole("button", { name: "Save score" }).tap();
  await umpire.getByText(`Saved: ${one}–${two}.`).waitFor();
}

/** A court's tile on the console's court board. */
export const courtTile = (organiser: Page, court: string) =>
  organiser.getByRole("region", { name: court, exact: true });

/** The organiser calls `match` to `court` from the board, by its one tap when it is the court's suggestion. */
export async function callToCourt(organiser: Page, court: string, match: number): Promise<void> {
  const tile = courtTile(organiser, court);
  const suggested = tile.getByRole("button", { name: `Call match ${match} to ${court}` });
  if (await suggested.isVisible()) await suggested.click();
  else {
    await tile.getByText("Call another match").click();
    await tile.getByLabel(`Match for ${court}`).selectOption(String(match));
    await tile.getByRole("button", { name: `Call to ${court}` }).click();
  }
  await tile.getByText(`Match ${match}`, { exact: true }).waitFor();
}

/** A side's +1 button on the score page's point counter. */
const pointButton = (umpire: Page, n: 1 | 2) =>
  umpire.getByRole("button", { name: /^Point to .+, now \d+$/ }).nth(n - 1);

/**
 * An umpire counts a game point by point on the score page's counter: `rally` says who wins each
 * point in turn (1 or 2); `afterEach` is what they look up to after each tap.
 */
export async function countPoints(
  umpire: Page,
  rally: ReadonlyArray<1 | 2>,
  afterEach: (points: [number, number]) => Promise<void> = async () => {},
): Promise<void> {
  await umpire.getByRole("button", { name: /^Count point by point/ }).tap();
  await umpire.getByRole("heading", { name: "Game 1" }).waitFor();
  const points: [number, number] = [0, 0];
  for (const side of rally) {
    await pointButton(umpire, side).tap();
    if (side === 1) points[0] += 1;
    else points[1] += 1;
    await afterEach([...points]);
  }
}
