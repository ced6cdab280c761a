/**
 * The local stack started exactly as `npm start` starts it (scripts/start.mjs, in a fresh folder,
 * on free ports), and the operator calls a test makes through its front, as a browser would. Under
 * `npm test` a file that asks for the plain stack gets the run's shared one instead, made as new
 * for it (shared-stack/host.ts).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, watchProcess } from "../../../service/test/e2e/processes.ts";
import "./demo-weekend.ts";
import { frontBoundsOnly, holdingSharedStack, leaseSharedStack, SHARED_STACK } from "./shared-stack/lease.ts";

export interface Stack {
  front: string;
  pages: Record<string, string>;
  service: string;
  relay: string;
  /** The stack's folder (`./local`): `data/` and `workbooks/` under it. */
  dir: string;
  pid: number;
}

export interface RunningStack {
  stack: Stack;
  /** The operator password `npm start` printed (once, on the demo's first run). */
  password: string;
  /** A `/v3` call through the front (HTTP/1.1 → h2c), with the operator token unless `token` is given. */
  api(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; headers: Headers; body: any }>;
  /** Signs in as the operator and keeps the token for {@link RunningStack.api}. */
  signIn(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts `npm start` in a fresh folder on free ports; without flags, and with no variables but the
 * front's `FRONT_*` bounds, under the test runner, lends the run's shared stack instead (as new:
 * fresh workbooks, data, service and relay, and a front with those bounds), unless the file holds
 * it already (a second stack in one file is its own).
 * @param options.args more flags (`--lan`); options.env more variables (the front's `FRONT_*` bounds).
 */
export async function startStack(
  options: { args?: string[]; env?: Record<string, string> } = {},
): Promise<RunningStack> {
  const env = options.env ?? {};
  const plain = (options.args ?? []).length === 0 && frontBoundsOnly(env);
  if (plain && SHARED_STACK !== undefined && !holdingSharedStack()) {
    const lease = await leaseSharedStack(SHARED_STACK, env);
    return operatorCalls(lease.stack, lease.password, async () => lease.release());
  }
  const cwd = await mkdtemp(join(tmpdir(), "tops-pages-"));
  const child = watchProcess(
    [
      join(REPO, "scripts/start.mjs"),
      "--port",
      "0",
      "--relay-port",
      "0",
      "--front-port",
      "0",
      ...(options.args ?? []),
    ],
    cwd,
    options.env,
  );
  const password = (await child.waitFor(/sign in as: operator \/ (\S+)/, 180_000))[1] as string;
  await child.waitFor(/Walkthrough: README\.md/);
  const stack = JSON.parse(await readFile(join(cwd, "local", "stack.json"), "utf8")) as Stack;
  return operatorCalls(stack, password, async () => {
    await child.stop();
    await rm(cwd, { recursive: true, force: true });
  });
}

/** The running `stack` with the calls a test makes through its front; `stop` ends it. */
function operatorCalls(stack: Stack, password: string, stop: () => Promise<void>): RunningStack {
  let operator: string | undefined;
  const api: RunningStack["api"] = async (method, path, body, token = operator) => {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers["authorization"] = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${stack.front}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === "" ? undefined : JSON.parse(text),
    };
  };
  return {
    stack,
    password,
    api,
    async signIn() {
      const answer = await api("POST", "/v3/sessions", { username: "operator", password });
      if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}`);
      operator = answer.body.token as string;
      return operator;
    },
    stop,
  };
}
