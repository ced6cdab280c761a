/**
 * What the tap benchmark (live-tap.ts) runs inside its two pages. Each function is sent to the page
 * as its source, so it uses nothing from this module. Times are `performance.timeOrigin +
 * performance.now()`: one clock for both pages of the one browser.
 */

/** The spectator's page: when each match's live words were first shown, keyed "<match> <words>". */
declare global {
  interface Window {
    liveShown?: Record<string, number>;
    /** The score page: how long each baseline PUT took to be answered, in ms. */
    plainAnswered?: number[];
  }
}

export const inSpectator = {
  /**
   * Watches the page's live words (`.live-score`, "live 3–2 · game 1") and keeps the time each
   * match's words first appear; a MutationObserver sees the text change as the page writes it.
   */
  watchLiveWords(): void {
    const shown: Record<string, number> = {};
    window.liveShown = shown;
    // Written as an argument, not a named function: the bundler would wrap a name in a helper the page lacks.
    new MutationObserver(() => {
      const at = performance.timeOrigin + performance.now();
      for (const words of document.querySelectorAll(".live-score")) {
        const row = words.closest("[role=listitem]");
        const match = /Match (\d+):/.exec(row?.textContent ?? "")?.[1];
        const key = `${match} ${words.textContent}`;
        if (match !== undefined && !(key in shown)) shown[key] = at;
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  },
  /** The time `key` ("107 live 3–2 · game 1") was first shown, waiting for it (10 s at most). */
  async shownAt(key: string): Promise<number> {
    const until = Date.now() + 10_000;
    while (window.liveShown?.[key] === undefined) {
      if (Date.now() > until) throw new Error(`"${key}" not shown in 10 s`);
      await new Promise((done) => setTimeout(done, 5));
    }
    return window.liveShown[key] as number;
  },
};

export const inUmpire = {
  /** Taps the +1 of side `side` (1 or 2) of the point counter; the time just before the tap. */
  tap(side: number): number {
    const button = document.querySelectorAll<HTMLButtonElement>("button.point")[side - 1];
    if (button === undefined || button.disabled) throw new Error(`no +1 to tap for side ${side}`);
    const at = performance.timeOrigin + performance.now();
    button.click();
    return at;
  },
  /**
   * The baseline's push: the same live PUT the counter sends, by a plain `fetch` from this page with
   * the scorer token (no counter, no store); the time just before it is sent.
   */
  send(args: { path: string; token: string; seq: number; points: [number, number] }): number {
    const at = performance.timeOrigin + performance.now();
    window.plainAnswered ??= [];
    const answered = window.plainAnswered;
    void fetch(args.path, {
      method: "PUT",
      headers: { authorization: `Bearer ${args.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        seq: args.seq,
        team1Points: args.points[0],
        team2Points: args.points[1],
        game: 1,
      }),
    }).then(() => answered.push(performance.timeOrigin + performance.now() - at));
    return at;
  },
};
