import type { RenderRequest, ScoresheetRenderer } from "./renderer.ts";

/** One step of a render, in the order they happen: progress per chunk, then the PDF. */
export type RenderEvent = { phase: "progress"; done: number; total: number } | { phase: "done"; pdf: Buffer };

/**
 * The streaming variant of `render`: yields a progress event as each chunk is in the document,
 * then the finished PDF. A failure is thrown from the iteration, after the events before it.
 *
 * @example
 * for await (const event of renderEvents(renderer, { matches, layout: "standard" })) {
 *   if (event.phase === "progress") console.log(event.done, "of", event.total);
 * }
 */
export async function* renderEvents(
  renderer: ScoresheetRenderer,
  request: Omit<RenderRequest, "onProgress">,
): AsyncGenerator<RenderEvent> {
  const pending: RenderEvent[] = [];
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  let outcome: { pdf: Buffer } | { error: unknown } | undefined;
  renderer
    .render({
      ...request,
      onProgress: (progress) => pending.push({ phase: "progress", ...progress }) && notify(),
    })
    .then(
      (pdf) => {
        outcome = { pdf };
        notify();
      },
      (error: unknown) => {
        outcome = { error };
        notify();
      },
    );
  for (;;) {
    while (pending.length > 0) yield pending.shift()!;
    if (outcome) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
  while (pending.length > 0) yield pending.shift()!;
  if ("error" in outcome) throw outcome.error;
  yield { phase: "done", pdf: outcome.pdf };
}
