/**
 * The desk page's store opened on fakes, for the store tests: a desk link for Sunday's Rizal Hall,
 * and a service that answers its list and marks.
 */
import { createDeskStore } from "../../src/desk/store.ts";
import { settle } from "./fake-clock.ts";
import { type FakePage, fakePage } from "./fake-page.ts";
import { json } from "./fake-site.ts";
import type { MemoryStorage } from "./memory-storage.ts";
import { linkToken, person, REGISTRY, SUNDAY_9AM } from "./page-fixtures.ts";

export const PEOPLE = "/v3/days/open-sun/facilities/Rizal%20Hall/people";
/** The end of Sunday 29 November in Manila: when a Sunday desk link expires. */
export const EXPIRES = "2026-11-29T16:00:00.000Z";
export const LIST = [person("Mónica Yáñez"), person("Joaquín Santos"), person("Lorenzo Villanueva")];

/** A desk page opened from a desk link for Sunday; the service answers the list and marks. */
export async function openDesk(
  label: { to?: string; note?: string } = { to: "Front desk", note: "Rizal Hall" },
  options: { storage?: MemoryStorage; online?: boolean } = {},
) {
  const token = linkToken("desk", { day: "open-sun", exp: EXPIRES, ...label });
  const page = fakePage({
    href: `https://results.test/desk/#${token}`,
    now: SUNDAY_9AM,
    ...(options.storage ? { storage: options.storage } : {}),
  });
  page.site.file("/config/events.json", REGISTRY);
  const marked = new Map(LIST.map((p) => [p.key, p]));
  page.site.answer("GET", PEOPLE, () => json(200, [...marked.values()]));
  page.site.answer("PUT", "", () => json(500, {}));
  for (const one of LIST) {
    page.site.answer("PUT", `${PEOPLE}/${encodeURIComponent(one.key)}/attendance`, async (request) => {
      const { present } = (await request.json()) as { present: boolean };
      const answer = { ...one, present, timeIn: present ? "2026-11-29 09:05" : "" };
      marked.set(one.key, answer);
      return json(200, answer);
    });
  }
  if (options.online === false) {
    // The settings and the registry come from the service worker's copies; the service is out of reach.
    const reach = page.env.fetch;
    page.env.fetch = (input, init) =>
      new URL(new Request(input).url).pathname.startsWith("/v3/")
        ? Promise.reject(new TypeError("Failed to fetch"))
        : reach(input, init);
    page.setOnline(false);
    page.site.unreachable = false;
  }
  const desk = createDeskStore(page.env);
  await desk.start();
  await settle();
  return { page, desk, token };
}

export const reads = (page: FakePage) => page.site.calls("GET", PEOPLE).length;
export const puts = (page: FakePage) =>
  page.site.requests
    .filter((r) => r.method === "PUT")
    .map((r) => decodeURIComponent(new URL(r.url).pathname));
