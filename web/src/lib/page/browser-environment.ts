/**
 * The real {@link PageEnvironment}: the browser's own `fetch`, timers, storage, address, history
 * and WebSocket. Made once by each page's `main.tsx`; every global is read when it is used, so a
 * test browser's fake clock or a benchmark's WebSocket wrapper installed first is the one used.
 */
import type { PageEnvironment } from "./environment.ts";

export function browserEnvironment(): PageEnvironment {
  const listen = (target: EventTarget, names: string[], run: () => void) => {
    for (const name of names) target.addEventListener(name, run);
    return () => {
      for (const name of names) target.removeEventListener(name, run);
    };
  };
  return {
    fetch: (input, init) => fetch(input, init),
    clock: {
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (run, ms) => setInterval(run, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    storage: storageOrNothing(() => localStorage),
    tabStorage: storageOrNothing(() => sessionStorage),
    address: {
      current: () => new URL(location.href),
      replace: (address) => history.replaceState(history.state, "", address),
      push(address) {
        history.pushState(null, "", address);
        scrollTo(0, 0);
      },
      onMove: (run) => void listen(window, ["popstate"], run),
      reloadWith(hash) {
        location.hash = hash;
        location.reload();
      },
    },
    connection: {
      online: () => navigator.onLine,
      visible: () => document.visibilityState === "visible",
      onOnlineChange: (run) => listen(window, ["online", "offline"], run),
      onVisible: (run) =>
        listen(document, ["visibilitychange"], () => {
          if (document.visibilityState === "visible") run();
        }),
    },
    openSocket: (url) => new WebSocket(url),
    download(url, fileName) {
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
    },
  };
}

/** The storage, or undefined when the browser refuses it (reading it throws). */
function storageOrNothing(storage: () => Storage): Storage | undefined {
  try {
    return storage();
  } catch {
    return undefined;
  }
}
