// `npm start` flags: read once, every mistake answered with the usage text (never a parser's stack
// trace), including the usual one of forgetting the `--` that separates npm's flags from ours.
import { parseArgs } from "node:util";

export const USAGE = `Usage: npm start [-- options]

Starts the whole system on this machine: the pages and the data on one address (the front),
the service (h2c), and the live relay. On the first run it creates a demo tournament in ./local/.

Options (after "--", which keeps them from npm):
  --dir <folder>        the stack's folder: data, workbooks, secrets (default ./local)
  --front-port <port>   the pages, the data and the API for browsers (default 8000)
  --port <port>         the service, h2c (default 8080)
  --relay-port <port>   the live relay (default 8787)
  --lan                 serve the front on every interface, so phones on this network can open the
                        pages (prints the address and a QR code); without it, 127.0.0.1 only
  --help                this text

A port of 0 takes a free one. Example: npm start -- --front-port 8001 --lan`;

/** @satisfies {import("node:util").ParseArgsConfig["options"]} */
const OPTIONS = {
  dir: { type: /** @type {const} */ ("string"), default: "local" },
  "front-port": { type: /** @type {const} */ ("string"), default: "8000" },
  port: { type: /** @type {const} */ ("string"), default: "8080" },
  "relay-port": { type: /** @type {const} */ ("string"), default: "8787" },
  lan: { type: /** @type {const} */ ("boolean"), default: false },
  help: { type: /** @type {const} */ ("boolean"), default: false },
};

/**
 * The options of `argv`, or what to print and the exit code.
 * @param {string[]} argv the arguments after the script
 * @param {Record<string, string | undefined>} env for npm's `npm_config_*` variables (a flag npm kept)
 * @returns {{ options: { dir: string, frontPort: number, port: number, relayPort: number, lan: boolean } } | { exit: number, text: string }}
 */
export function readOptions(argv, env) {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true }));
  } catch (error) {
    return {
      exit: 2,
      text: `npm start: ${/** @type {Error} */ (error).message.split("\n")[0]}\n\n${USAGE}`,
    };
  }
  if (values.help) return { exit: 0, text: USAGE };
  if (positionals.length > 0) {
    // `npm start --port 8081` gives npm the flag (npm_config_port) and us only "8081".
    const kept = Object.keys(OPTIONS).filter(
      (name) => env[`npm_config_${name.replaceAll("-", "_")}`] !== undefined,
    );
    const hint =
      kept.length > 0
        ? `npm kept ${kept.map((name) => `--${name}`).join(", ")} for itself: write npm start -- --${kept[0]} ${positionals[0]}`
        : `unexpected "${positionals[0]}"`;
    return { exit: 2, text: `npm start: ${hint}\n\n${USAGE}` };
  }
  /** @type {Record<string, number>} */
  const ports = {};
  for (const name of /** @type {const} */ (["front-port", "port", "relay-port"])) {
    const value = Number(values[name]);
    if (!/^\d+$/.test(values[name]) || value > 65535) {
      return {
        exit: 2,
        text: `npm start: --${name} must be a port number, 0 to 65535 (0 takes a free one)\n\n${USAGE}`,
      };
    }
    ports[name] = value;
  }
  return {
    options: {
      dir: values.dir,
      frontPort: /** @type {number} */ (ports["front-port"]),
      port: /** @type {number} */ (ports["port"]),
      relayPort: /** @type {number} */ (ports["relay-port"]),
      lan: values.lan,
    },
  };
}
