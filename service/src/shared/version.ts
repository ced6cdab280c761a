import { readFileSync } from "node:fs";

/** The package version, reported in `X-App-Version`; the URL version equals its major. */
export const APP_VERSION: string = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
).version;
