import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/**
 * What the setup learnt of the deployment (addresses, never a secret): the later commands
 * (`npm run publish-pages`, `npm run preflight`) take their defaults from it. Git ignores it.
 */
export interface Deployed {
  serviceUrl?: string;
  relayUrl?: string;
  pagesUrl?: string;
  dataUrl?: string;
  dataRepo?: string;
  pagesBranch?: string;
  project?: string;
}

/** `deploy/deployed.json`. */
export const DEPLOYED_FILE = fileURLToPath(new URL("../../deployed.json", import.meta.url));

/** The record, or `{}` when there is none yet (or it cannot be read). */
export async function readDeployed(file = DEPLOYED_FILE): Promise<Deployed> {
  try {
    const value = JSON.parse(await readFile(file, "utf8")) as unknown;
    return typeof value === "object" && value !== null ? (value as Deployed) : {};
  } catch {
    return {};
  }
}

/** Adds `values` to the record. */
export async function recordDeployed(values: Deployed, file = DEPLOYED_FILE): Promise<void> {
  const merged = { ...(await readDeployed(file)), ...values };
  await writeFile(file, `${JSON.stringify(merged, null, 2)}\n`, "utf8");
}
