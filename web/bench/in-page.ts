/**
 * What the page benchmark runs inside the page (each function is sent to Chromium as its source,
 * so it uses nothing from its module).
 */

/**
 * Init script, as text (a class or a named function written here would reach the page with the
 * TypeScript loader's helpers in it): notes when each WebSocket message arrives, before the page's
 * own handler runs.
 */
export const TIME_MESSAGES = `
  const Native = window.WebSocket;
  window.WebSocket = new Proxy(Native, {
    construct(target, args) {
      const socket = new target(...args);
      socket.addEventListener("message", () => {
        window.messageAt = performance.now();
        const after = window.afterMessage;
        window.afterMessage = undefined;
        after?.();
      });
      return socket;
    },
  });
`;
interface Window {
  messageAt: number;
  afterMessage: (() => void) | undefined;
  ready(): void;
}

export const inPage = {
  /** A promise that is already resolved: lets the previous evaluate's observer start first. */
  ready(): void {},

  /**
   * Resolves with the ms from the next message to the frame after match `number` shows the new
   * winner's score (painted: a task after the animation frame that drew it).
   */
  nextPaintOf(number: number): Promise<number> {
    const w = window as unknown as Window;
    const row = [...document.querySelectorAll("[role=listitem]")].find((item) =>
      item.textContent?.includes(`Match ${number}:`),
    );
    if (row === undefined) throw new Error(`match ${number} is not on screen`);
    return new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!row.textContent?.includes("21 (winner)")) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - w.messageAt)));
      });
      observer.observe(row, { subtree: true, childList: true, characterData: true });
    });
  },

  /**
   * Resolves with the ms from the next message to the frame painted after the page handled it,
   * whatever it changed on screen: a task queued as the message arrives runs after the page's own
   * handler and the render it starts, then the next animation frame, then a task after it.
   */
  nextPaintAfterMessage(): Promise<number> {
    const w = window as unknown as Window;
    return new Promise((resolve) => {
      w.afterMessage = () =>
        setTimeout(() =>
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - w.messageAt))),
        );
    });
  },

  /**
   * The baseline, in a page of its own: parse the message and redraw the first facility's 300
   * matches by hand into one list, to the next paint.
   */
  redrawByHand(text: string): Promise<number> {
    const start = performance.now();
    const message = JSON.parse(text);
    const [header, ...rows] = (message.snapshot.facilities[0].matchesCsv as string).trim().split("\n");
    const columns = (header as string).split(",");
    const html = rows
      .map((line) => {
        const cells = line.split(",");
        return `<li><p>${columns.map((_, i) => cells[i] ?? "").join(" · ")}</p></li>`;
      })
      .join("");
    const list = document.querySelector("ul") ?? document.body.appendChild(document.createElement("ul"));
    list.innerHTML = html;
    return new Promise((resolve) =>
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start))),
    );
  },
};
