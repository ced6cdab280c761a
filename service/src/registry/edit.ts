import type { DataRepository } from "../ports/data-repository.ts";
import { withConflictRetries } from "../repository/conflict-retries.ts";
import { AppError } from "../shared/errors.ts";
import { REGISTRY_PATH, type RegistryStore } from "./store.ts";
import type { Registry } from "./types.ts";
import { validateRegistry } from "./validate.ts";

/**
 * Changes the registry file by compare-and-swap, keeping its other content, key order and
 * `_comment`s. `change` edits the parsed file in place and returns its result; on a conflicting
 * write the file is read again and the change applied again; the third conflict in a row is 409
 * `conflict`. A change that would make the file invalid is never written. This instance's
 * cache is dropped afterwards, so its next request sees the change.
 * @example await editRegistry(deps, "live push off", (file) => { file.livePush = false; });
 */
export async function editRegistry<T>(
  deps: { repository: DataRepository; registry: RegistryStore },
  message: string,
  change: (file: Registry) => T,
): Promise<{ result: T; revision: string; changed: boolean }> {
  return withConflictRetries(REGISTRY_PATH, async () => {
    const stored = await deps.repository.read(REGISTRY_PATH);
    if (!stored)
      throw new AppError("config_unavailable", `${REGISTRY_PATH} does not exist in the data repository`);
    let file: Registry;
    try {
      file = JSON.parse(stored.content);
    } catch {
      throw new AppError(
        "config_unavailable",
        `${REGISTRY_PATH} is not valid JSON; fix it before changing it here`,
      );
    }
    if (validateRegistry(file).length > 0) {
      throw new AppError(
        "config_unavailable",
        `${REGISTRY_PATH} fails validation; fix it before changing it here`,
      );
    }
    const result = change(file);
    const content = `${JSON.stringify(file, null, 2)}\n`;
    if (JSON.stringify(JSON.parse(stored.content)) === JSON.stringify(file)) {
      deps.registry.invalidate();
      return { result, revision: stored.revision, changed: false };
    }
    const problems = validateRegistry(file);
    if (problems.length > 0) {
      throw new AppError(
        "config_unavailable",
        `${REGISTRY_PATH} fails validation: ${problems[0]?.path} ${problems[0]?.message}`,
      );
    }
    const { revision } = await deps.repository.write(REGISTRY_PATH, content, stored.revision, message);
    deps.registry.invalidate();
    return { result, revision, changed: true };
  });
}
