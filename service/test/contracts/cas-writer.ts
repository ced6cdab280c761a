// A child process of the compare-and-swap test: increments a shared counter `rounds` times through
// the data folder, re-reading and retrying whenever another writer got there first.
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import { RevisionConflictError } from "../../src/ports/data-repository.ts";

const [dir = "", path = "", rounds = "0", writer = ""] = process.argv.slice(2);
const repository = createDataFolder(dir);
let conflicts = 0;

for (let round = 0; round < Number(rounds); round++) {
  for (;;) {
    const current = await repository.read(path);
    const state = current
      ? (JSON.parse(current.content) as { counter: number; ids: string[] })
      : { counter: 0, ids: [] };
    const next = { counter: state.counter + 1, ids: [...state.ids, `${writer}-${round}`] };
    try {
      await repository.write(path, JSON.stringify(next), current?.revision ?? null, `round ${round}`);
      break;
    } catch (error) {
      if (!(error instanceof RevisionConflictError)) throw error;
      conflicts += 1;
    }
  }
}
process.stdout.write(JSON.stringify({ conflicts }));
