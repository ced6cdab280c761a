/**
 * The hall display's address (`/display/?day=<day>&facility=<name>`), beside the page that offers
 * it. Without a facility the display turns through every hall of the day. It carries no token:
 * the display shows only what the public page shows.
 */

/**
 * The address a TV opens for a day's hall, or for every hall of the day.
 * @example displayPageUrl("open-sat", "Rizal Hall", "http://192.168.1.20:8000/console/?day=open-sat") // "http://192.168.1.20:8000/display/?day=open-sat&facility=Rizal+Hall"
 */
export function displayPageUrl(
  day: string,
  facility: string | undefined,
  from: string = location.href,
): string {
  const url = new URL("../display/", from);
  url.searchParams.set("day", day);
  if (facility !== undefined) url.searchParams.set("facility", facility);
  return url.href;
}
