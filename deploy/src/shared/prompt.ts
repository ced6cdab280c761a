import { createInterface } from "node:readline";

/** Asks questions on a terminal, or reads the answers line by line from a pipe. */
export interface Prompter {
  /** Asks for a value that is never shown: no echo on a terminal, nothing written back. */
  hidden(question: string): Promise<string>;
  close(): void;
}

/**
 * A prompter over standard input: on a terminal the answer is typed without echo (raw mode;
 * Backspace works, Ctrl+C and Ctrl+D abandon); from a pipe each answer is the next line, so a
 * script can feed it. Questions go to standard error, so standard output stays the command's own.
 * @example const prompt = createPrompter(); const password = await prompt.hidden("Operator password: ");
 */
export function createPrompter(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Prompter {
  let lines: AsyncIterator<string> | undefined;
  return {
    async hidden(question) {
      output.write(question);
      if (!input.isTTY) {
        lines ??= createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
        const next = await lines.next();
        output.write("\n");
        if (next.done) throw new Error("no answer: standard input ended");
        return next.value;
      }
      return readHidden(input, output);
    },
    close() {
      void lines?.return?.();
    },
  };
}

function readHidden(input: NodeJS.ReadStream, output: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (error?: Error) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      output.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n") return finish();
        if (char === "\u0003") return finish(new Error("abandoned (Ctrl+C)"));
        if (char === "\u0004" && typed === "") return finish(new Error("abandoned (Ctrl+D)"));
        if (char === "\u007f" || char === "\b") typed = [...typed].slice(0, -1).join("");
        else if (char >= " ") typed += char;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on("data", onData);
  });
}
