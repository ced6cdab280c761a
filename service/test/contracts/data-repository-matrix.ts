import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import { createGitHubContents } from "../../src/adapters/github-contents/index.ts";
import type { DataRepository } from "../../src/ports/data-repository.ts";
import { startGitHubApiFake } from "../fakes/github-api-fake.ts";

/** One data-repository adapter made ready for the contract, with a way to seed files behind its back. */
export interface RepositoryUnderTest {
  repository: DataRepository;
  seed(path: string, content: string): Promise<void>;
  /** Requests that reached the remote service so far (0 for a local adapter). */
  requests(): number;
  close(): Promise<void>;
}

/** The matrix: every adapter of the data-repository port (the unjs/h3 `_setup.ts` pattern). */
export const repositoryAdapters: { name: string; start(): Promise<RepositoryUnderTest> }[] = [
  {
    name: "data folder",
    async start() {
      const dir = await mkdtemp(join(tmpdir(), "data-folder-contract-"));
      return {
        repository: createDataFolder(dir),
        async seed(path, content) {
          await mkdir(dirname(join(dir, path)), { recursive: true });
          await writeFile(join(dir, path), content, "utf8");
        },
        requests: () => 0,
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "GitHub Contents API (fake)",
    async start() {
      const fake = await startGitHubApiFake({ repo: "acme/tournament-data", token: "repo-token" });
      return {
        repository: createGitHubContents({
          repo: "acme/tournament-data",
          branch: "main",
          token: "repo-token",
          apiUrl: fake.url,
        }),
        seed: async (path, content) => fake.setFile(path, content),
        requests: () => fake.count(),
        close: () => fake.close(),
      };
    },
  },
];
