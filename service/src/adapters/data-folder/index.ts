import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { type DataRepository, RevisionConflictError, type StoredFile } from "../../ports/data-repository.ts";
import { gitBlobSha } from "../../shared/git-blob.ts";
import { withFileLock } from "./file-lock.ts";
import { assertRepositoryPath } from "./repository-path.ts";

/**
 * The embedded data repository: a folder with the repository's layout. Writes go to a temporary
 * file renamed into place (atomic), under a cross-process lock, so compare-and-swap holds even for
 * several service instances on one machine.
 * @example const repo = createDataFolder("./local/data");
 */
export function createDataFolder(root: string): DataRepository {
  const base = resolve(root);
  const fileOf = (path: string) => join(base, assertRepositoryPath(path));

  async function read(path: string): Promise<StoredFile | undefined> {
    try {
      const bytes = await readFile(fileOf(path));
      return { content: bytes.toString("utf8"), revision: gitBlobSha(bytes) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  return {
    read,
    async write(path, content, expectedRevision) {
      const file = fileOf(path);
      await mkdir(dirname(file), { recursive: true });
      return withFileLock(file, async () => {
        const current = await read(path);
        if ((current?.revision ?? null) !== expectedRevision) throw new RevisionConflictError(path);
        const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
        await writeFile(temporary, content, "utf8");
        await rename(temporary, file);
        return { revision: gitBlobSha(content) };
      });
    },
  };
}
