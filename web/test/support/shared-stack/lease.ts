/**
 * A test file's hold on the run's shared stack (see host.ts): asked for when the file starts its
 * stack, given once the stack is as new, and given back when the file stops it, or when the
 * file's process ends.
 */
import { request } from "node:http";
import type { Stack } from "../stack.ts";

/** What the host lends: the stack's addresses and the operator password of its first start. */
export interface Lease {
  stack: Stack;
  password: string;
}

/** The address of the shared stack's control server, when the test runner started one. */
export const SHARED_STACK = process.env["TOPS_SHARED_STACK"];

let holding = false;

/** Whether this process holds the shared stack now (a second stack it asks for is its own). */
export const holdingSharedStack = () => holding;

/** Whether `env` holds only the front's bounds (`FRONT_*`), which the shared stack's front can take. */
export const frontBoundsOnly = (env: Record<string, string>) =>
  Object.keys(env).every((name) => name.startsWith("FRONT_"));

/**
 * Waits for the shared stack at `control` and holds it until `release()`; its front has the
 * bounds `front` sets (`FRONT_*` variables, as `npm start` reads them) over the defaults.
 * @example const { stack, release } = await leaseSharedStack(SHARED_STACK); … release();
 */
export function leaseSharedStack(
  control: string,
  front: Record<string, string> = {},
): Promise<Lease & { release(): void }> {
  holding = true;
  return new Promise((resolve, reject) => {
    const asking = request(`${control}/lease`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    const refused = (error: Error) => {
      holding = false;
      reject(error);
    };
    asking.once("error", refused);
    asking.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("error", () => {});
      response.on("data", (chunk: string) => {
        text += chunk;
        const end = text.indexOf("\n");
        if (response.statusCode !== 200 || end < 0) return;
        // Held from here on without keeping the process alive: its exit gives the stack back.
        asking.socket?.unref();
        const release = () => {
          holding = false;
          asking.destroy();
        };
        resolve({ ...(JSON.parse(text.slice(0, end)) as Lease), release });
      });
      response.once("end", () => refused(new Error(`the shared stack: ${response.statusCode} ${text}`)));
    });
    asking.end(JSON.stringify({ front }));
  });
}
