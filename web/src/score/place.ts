/**
 * Where the umpire is, kept in the address so the back button and a scoresheet's QR code work:
 * `?facility=<name>` (its matches) and `&match=<number>` (one match).
 */
export interface Place {
  facility: string | undefined;
  match: string | undefined;
}

/** The place an address's query names; a match counts only with its facility. */
export function placeOf(search: string): Place {
  const query = new URLSearchParams(search);
  const facility = query.get("facility") ?? undefined;
  return { facility, match: facility === undefined ? undefined : (query.get("match")?.trim() ?? undefined) };
}

/** The address of a place on the page at `pathname`. */
export function placeAddress(pathname: string, { facility, match }: Place): string {
  const query = new URLSearchParams();
  if (facility !== undefined) query.set("facility", facility);
  if (match !== undefined) query.set("match", match);
  return query.size > 0 ? `${pathname}?${query}` : pathname;
}
