import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { expectedOutcomes } from "./expected-outcomes.ts";
import { playFault } from "./fault-matrix.ts";
import { FAULT_ROUTES, FAULTS, type Fault, type Upstream } from "./fault-routes.ts";
import { record } from "./results.ts";
import { startUpstreams, type Upstreams } from "./upstreams.ts";

/**
 * Declares the fault matrix of one upstream: every fault against every route that touches it,
 * each row asserting the documented status and code, the error body's shape, no upstream text,
 * `GET /ping` 200 afterwards, and nothing lost or half-written.
 * @example faultSuite("sheets"); // in a *.test.ts file
 */
export function faultSuite(upstream: Upstream, faults: readonly Fault[] = FAULTS): void {
  describe(`faults of the ${upstream} upstream, route by route`, () => {
    let up: Upstreams;
    before(async () => {
      up = await startUpstreams();
    });
    after(() => up.close());

    for (const route of FAULT_ROUTES.filter((r) => r.touches.includes(upstream))) {
      for (const fault of faults) {
        const expected = expectedOutcomes(upstream, fault, route);
        const wanted = expected.map((o) => `${o.status}${o.code ? ` ${o.code}` : ""}`).join(" or ");
        test(`${upstream} ${fault} → ${route.name} answers ${wanted}, stays up, loses nothing`, async () => {
          const observed = await playFault(up, upstream, fault, route);
          const matches = expected.some(
            (o) => o.status === observed.status && (o.code ?? null) === observed.code,
          );
          record("faults", {
            ...observed,
            expected: wanted,
            pass: matches && observed.problems.length === 0,
          });
          assert.ok(matches, `${observed.status} ${observed.code}: ${observed.note}`);
          assert.deepEqual(observed.problems, []);
        });
      }
    }
  });
}
