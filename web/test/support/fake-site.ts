/**
 * The service and the static site as a page's `fetch` reaches them, in memory: JSON files by
 * path (`/config.json`, `/config/events.json`, `/<event>/data/<day>.json`), routes answered by the
 * test, every request kept. The real openapi-fetch client runs on top of it.
 */
export type Answer = (request: Request) => Response | Promise<Response>;

export interface FakeSite {
  fetch: typeof fetch;
  /** Every request the page made, in order (their bodies unread: `clone()` one to read it). */
  requests: Request[];
  /** Answers `method path` (the path as the URL writes it: `Rizal%20Hall`) with `answer` from now on. */
  answer(method: string, path: string, answer: Answer): void;
  /** Serves `value` as JSON at `path` (undefined: 404). */
  file(path: string, value: unknown): void;
  /** The requests made to `method path`, as "METHOD path". */
  calls(method: string, path: string): Request[];
  /** While true, every request fails as a browser's does with no network. */
  unreachable: boolean;
}

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const type = status >= 400 ? "application/problem+json" : "application/json";
  return new Response(JSON.stringify(body), { status, headers: { "content-type": type, ...headers } });
}

export function fakeSite(): FakeSite {
  const routes = new Map<string, Answer>();
  const files = new Map<string, unknown>();
  const site: FakeSite = {
    requests: [],
    unreachable: false,
    async fetch(input, init) {
      const request = new Request(input, init);
      site.requests.push(request);
      if (site.unreachable) throw new TypeError("Failed to fetch");
      const { pathname } = new URL(request.url);
      const route = routes.get(`${request.method} ${pathname}`);
      if (route !== undefined) return route(request.clone());
      if (request.method === "GET" && files.get(pathname) !== undefined)
        return json(200, files.get(pathname));
      return json(404, { status: 404, code: "not_found", detail: `nothing at ${pathname}` });
    },
    answer(method, path, answer) {
      routes.set(`${method} ${path}`, answer);
    },
    file(path, value) {
      files.set(path, value);
    },
    calls(method, path) {
      return site.requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
    },
  };
  return site;
}
