import { ERROR_CODES } from "../../../src/shared/errors.ts";
import type { H2Response } from "../../support/h2c.ts";

const PROBLEM_MEMBERS = ["type", "title", "status", "detail", "instance", "code", "error"];

/**
 * Checks an error answer's body shape: problem details on `/v3` (RFC 9457 members in order, then
 * extras), the plain `{ error, code }` (plus `current` on a score conflict) on frozen routes, and
 * a code from the codes table. Returns what is wrong, or an empty list.
 * @example assert.deepEqual(errorShapeProblems(res, { frozen: false, path: "/v3/days/x/syncs" }), []);
 */
export function errorShapeProblems(res: H2Response, route: { frozen: boolean; path: string }): string[] {
  const problems: string[] = [];
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return [`body is not JSON: ${res.text.slice(0, 80)}`];
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return ["body is not an object"];
  if (!(ERROR_CODES as readonly string[]).includes(String(body.code)))
    problems.push(`code ${String(body.code)} is not in the codes table`);
  const type = String(res.headers["content-type"] ?? "");
  if (route.frozen) {
    if (!type.startsWith("application/json")) problems.push(`content-type ${type}`);
    const extra = Object.keys(body).filter((k) => !["error", "code", "current"].includes(k));
    if (extra.length > 0 || typeof body.error !== "string")
      problems.push(`frozen body members ${Object.keys(body).join(",")}`);
  } else {
    if (!type.startsWith("application/problem+json")) problems.push(`content-type ${type}`);
    const keys = Object.keys(body).slice(0, PROBLEM_MEMBERS.length);
    if (keys.join(",") !== PROBLEM_MEMBERS.join(","))
      problems.push(`problem members ${Object.keys(body).join(",")}`);
    if (body.status !== res.status) problems.push(`status member ${String(body.status)} ≠ ${res.status}`);
    if (body.type !== "about:blank") problems.push(`type ${String(body.type)}`);
    if (body.instance !== route.path.split("?")[0]) problems.push(`instance ${String(body.instance)}`);
    if (body.error !== body.detail) problems.push("error does not repeat detail");
  }
  if (res.status === 401 && !res.headers["www-authenticate"]) problems.push("401 without WWW-Authenticate");
  return problems;
}
