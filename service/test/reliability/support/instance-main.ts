// One service instance as its own process, for the concurrency run: the real composition of
// adapters from the environment (as main.ts does), listening on 127.0.0.1; prints its URL.
import { createAdapters } from "../../../src/adapters/index.ts";
import { buildApp } from "../../../src/app.ts";
import { parseEnvironment } from "../../../src/config/environment.ts";

const { config, problems } = parseEnvironment(process.env);
if (!config) throw new Error(problems.join("; "));
const quiet = { warn() {} };
const { spreadsheets, dataRepository } = createAdapters(config, { logger: quiet });
const app = await buildApp({ config, spreadsheets, repository: dataRepository });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` })}\n`,
);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
