import type { Config } from "./environment.ts";

/**
 * Where the service runs, for the words of a fix: `local` on a laptop stack (`npm start`: the data
 * folder, the relay and the pages' front started beside the service), `production` when it
 * publishes to GitHub (Cloud Run, set up by `deploy/setup`).
 */
export type Stack = "local" | "production";

/** @example if (stackOf(config) === "production") … */
export function stackOf(config: Pick<Config, "data">): Stack {
  return config.data.backend === "local" ? "local" : "production";
}
